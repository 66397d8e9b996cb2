// Byte helpers that work in Workers and Node alike (no Buffer): base64, data URLs, image type sniffing.
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/** Throws SyntaxError on anything that is not base64: an upstream answer we cannot read. */
export function base64ToBytes(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64.replace(/^data:[^,]*,/, "").replace(/\s+/g, ""));
  } catch {
    throw new SyntaxError("invalid base64");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function dataUrl(type: string, bytes: Uint8Array): string {
  return `data:${type};base64,${bytesToBase64(bytes)}`;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  prefix.every((b, i) => bytes[offset + i] === b);

/** The image MIME type from the first bytes, or undefined when it is not an image we know. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return "image/webp";
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "image/svg+xml";
  return undefined;
}

/** Text-like files a model can read inline when the provider takes no file parts. */
export function isTextLike(type: string, name: string): boolean {
  return (
    type.startsWith("text/") ||
    /(json|xml|yaml|csv|markdown|javascript|typescript|x-sh|x-python|sql|toml)/.test(type) ||
    /\.(md|txt|csv|json|ya?ml|xml|html?|css|[cm]?[jt]sx?|py|rb|go|rs|java|kt|c|h|cpp|hpp|cs|php|sh|sql|toml|ini|srt|vtt)$/i.test(
      name,
    )
  );
}

/** A Blob of the bytes (copied into a plain ArrayBuffer, which every runtime's typings accept). */
export function toBlob(data: Uint8Array, type = ""): Blob {
  return new Blob([new Uint8Array(data)], { type });
}
