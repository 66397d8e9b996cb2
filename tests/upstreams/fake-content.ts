// What the fake upstreams answer: a short markdown reply to the last user message, reasoning, sources, images.
import { crc32, deflateSync } from "node:zlib";

export function lastUserText(messages: unknown): string {
  if (!Array.isArray(messages)) return "";
  const last = [...messages].reverse().find((m) => m && (m as { role?: unknown }).role === "user") as
    | { content?: unknown }
    | undefined;
  const content = last?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p: { type?: string; text?: unknown }) =>
        p?.type === "text" && typeof p.text === "string" ? p.text : "",
      )
      .join(" ")
      .trim();
  }
  return "";
}

const short = (text: string) => {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
};

export function fakeAnswer(provider: string, model: string, prompt: string): string {
  const words = prompt.split(/\s+/).filter(Boolean).length;
  return [
    `**${model}** (fake ${provider}) read: "${short(prompt) || "(nothing)"}".`,
    "",
    "Here is a short answer:",
    "",
    "1. The first point.",
    "2. The second point.",
    "",
    "| measure | value |",
    "|---|---:|",
    `| words | ${words} |`,
    "",
    "Done.",
  ].join("\n");
}

export function fakeReasoning(prompt: string): string {
  return `The question is about "${short(prompt) || "nothing"}". I will answer briefly with a list and a table.`;
}

export function fakeSources(prompt: string): Array<{ url: string; title: string }> {
  const q = encodeURIComponent(short(prompt).slice(0, 40) || "empty");
  return [
    { url: `https://example.com/fake-search?q=${q}`, title: "Example source one" },
    { url: "https://example.org/fake-article", title: "Example source two" },
  ];
}

/** Splits text into streamed pieces of one or two words, keeping whitespace. */
export function pieces(text: string): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) out.push(tokens.slice(i, i + 2).join(""));
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small valid PNG whose colour depends on `seed`, so different prompts give different images. */
export function fakePng(seed: string, size = 32): Uint8Array {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([h & 0xff, (h >>> 8) & 0xff, (x * 8) & 0xff], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(raw)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

export function fakeSvg(seed: string): Uint8Array {
  const hue = [...seed].reduce((n, ch) => (n + ch.charCodeAt(0)) % 360, 0);
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="hsl(${hue} 60% 50%)"/><circle cx="16" cy="16" r="8" fill="#fff"/></svg>`,
  );
}
