// A picture's size in pixels from its first bytes (PNG, JPEG, WebP, GIF): its box is kept before it has loaded.

export interface ImageSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

function png(b: Uint8Array): ImageSize | null {
  if (ascii(b, 1, 3) !== "PNG" || ascii(b, 12, 4) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageSize | null {
  if (ascii(b, 0, 4) !== "GIF8") return null;
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): ImageSize | null {
  if (ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return null;
  const chunk = ascii(b, 12, 4);
  // Lossy: a key frame's start code, then 14-bit sizes.
  if (chunk === "VP8 " && (b[23] ?? 0) === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  // Lossless: a signature byte, then width − 1 and height − 1 in 14 bits each.
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  // Extended: the canvas, width − 1 and height − 1 in 24 bits each.
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** Start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(b: Uint8Array): ImageSize | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // Fill bytes, and markers that carry no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (isStartOfFrame(marker)) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    // The image data begins (or ends) before any frame header: not a picture we can read.
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/** The size a picture's bytes declare, or null for another format (SVG), a truncated header or a zero size. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const size = png(bytes) ?? gif(bytes) ?? webp(bytes) ?? jpeg(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** A stored picture's declared size, if it has one that makes sense (metadata is data from anywhere). */
export function knownSize(image: { width?: unknown; height?: unknown }): ImageSize | null {
  const { width, height } = image;
  const valid = (n: unknown): n is number =>
    typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 100_000;
  return valid(width) && valid(height) ? { width, height } : null;
}

/** An `<img>`'s width and height attributes for HTML written on the Worker: its box before it loads. */
export function sizeAttributes(image: { width?: unknown; height?: unknown }): string {
  const size = knownSize(image);
  return size ? ` width="${size.width}" height="${size.height}"` : "";
}
