// A picture's size from its first bytes: the headers of each format, and what is not one.
import { describe, expect, it } from "vitest";
import { imageSize, knownSize, sizeAttributes } from "../../src/domain/image-size";
import { encodePng } from "../../src/providers/png";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le16 = (n: number) => [n & 0xff, n >> 8];
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [...be16(n >>> 16), ...be16(n & 0xffff)];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const zeros = (n: number) => new Array<number>(n).fill(0);

const PNG = bytes(
  [0x89],
  "PNG",
  [0x0d, 0x0a, 0x1a, 0x0a],
  be32(13),
  "IHDR",
  be32(1024),
  be32(768),
  [8, 6, 0, 0, 0],
);
/** A JPEG's segments before its frame header: JFIF, a quantisation and a Huffman table (C4, not a frame). */
const JPEG_HEAD = bytes(
  [0xff, 0xd8],
  [0xff, 0xe0],
  be16(16),
  "JFIF",
  zeros(10),
  [0xff, 0xdb],
  be16(67),
  zeros(65),
  [0xff, 0xc4],
  be16(4),
  [0, 0],
);
const jpegFrame = (marker: number, width: number, height: number) =>
  bytes(
    [...JPEG_HEAD],
    [0xff, 0xff],
    [0xff, marker],
    be16(17),
    [8],
    be16(height),
    be16(width),
    [3],
    zeros(9),
  );
const riff = (chunk: string, body: number[]) => bytes("RIFF", zeros(4), "WEBP", chunk, zeros(4), body);
// VP8L: 14 bits of width − 1, then 14 of height − 1.
const vp8l = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
};

describe("imageSize", () => {
  it.each([
    ["PNG", PNG, { width: 1024, height: 768 }],
    ["GIF", bytes("GIF89a", le16(320), le16(200), zeros(4)), { width: 320, height: 200 }],
    [
      "JPEG, baseline, after JFIF, tables and fill bytes",
      jpegFrame(0xc0, 1344, 768),
      { width: 1344, height: 768 },
    ],
    ["JPEG, progressive", jpegFrame(0xc2, 640, 480), { width: 640, height: 480 }],
    [
      "WebP, lossy",
      riff("VP8 ", [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(1536), ...le16(1024)]),
      { width: 1536, height: 1024 },
    ],
    ["WebP, lossless", vp8l(1000, 1500), { width: 1000, height: 1500 }],
    [
      "WebP, extended",
      riff("VP8X", [0x10, 0, 0, 0, ...le24(2047), ...le24(1151)]),
      { width: 2048, height: 1152 },
    ],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), null],
    ["a PNG cut inside its header", PNG.subarray(0, 20), null],
    [
      "a JPEG whose data starts before a frame header",
      bytes([0xff, 0xd8, 0xff, 0xda], be16(2), zeros(8)),
      null,
    ],
    ["a JPEG cut before its frame header", JPEG_HEAD, null],
    ["a PNG declaring no pixels", bytes([...PNG.subarray(0, 16)], be32(0), be32(0)), null],
    ["nothing", new Uint8Array(0), null],
  ])("%s", (_, data, size) => {
    expect(imageSize(data)).toEqual(size);
  });

  it("reads the pictures our own encoder writes", async () => {
    const png = await encodePng(3, 2, new Uint8Array(3 * 2 * 4));
    expect(imageSize(png)).toEqual({ width: 3, height: 2 });
  });
});

describe("a stored picture's size", () => {
  it.each([
    [{ width: 1024, height: 768 }, { width: 1024, height: 768 }, ' width="1024" height="768"'],
    [{ width: 1024 }, null, ""],
    [{}, null, ""],
    [{ width: 0, height: 768 }, null, ""],
    [{ width: -1, height: 768 }, null, ""],
    [{ width: 1.5, height: 768 }, null, ""],
    [{ width: 1e9, height: 768 }, null, ""],
    [{ width: "1024", height: "768" }, null, ""],
    [{ width: '1" onerror="x', height: 2 }, null, ""],
  ])("%o → %o", (image, size, attributes) => {
    expect(knownSize(image)).toEqual(size);
    expect(sizeAttributes(image)).toBe(attributes);
  });
});
