// What the built-in test model says: deterministic markdown, reasoning, sources and a picture from the prompt.
import { fnv1a } from "../domain/chat/frame-answers.ts";
import type { ProviderAttachment, SearchSource } from "./types";

/** A small stable hash, so the same prompt always gets the same answer and picture. */
export const hashText = fnv1a;

const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** Prompt words made safe for table cells and code strings. */
const plain = (text: string) => text.replace(/[|`*_\\$[\]<>#"]/g, "").trim();
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function topicOf(prompt: string): string {
  return shorten(plain(words(prompt).slice(0, 8).join(" ")), 60) || "an empty message";
}

export function testReasoning(prompt: string): string {
  const n = words(prompt).length;
  return (
    `The user wrote ${n} word${n === 1 ? "" : "s"} about "${topicOf(prompt)}". ` +
    "I should answer with a heading, a short list, a table, a code block and some math, " +
    "so that every part of the renderer gets exercised. Let me lay that out."
  );
}

export function testSources(prompt: string): SearchSource[] {
  const q = encodeURIComponent(topicOf(prompt));
  return [
    { url: `https://example.com/search?q=${q}`, title: `Example result for ${topicOf(prompt)}` },
    { url: `https://example.org/articles/${hashText(prompt).toString(16)}`, title: "An example article" },
  ];
}

function section(prompt: string, attachments: readonly ProviderAttachment[], web: boolean): string {
  const list = words(prompt);
  const n = list.length;
  const longest = plain(list.reduce((a, b) => (plain(b).length > plain(a).length ? b : a), "")) || "none";
  const rows = list.slice(0, 5).map((w, i) => `| ${i + 1} | ${plain(w) || "·"} | ${plain(w).length} |`);
  const sample = shorten(plain(prompt), 40);
  const reversed = sample.split(" ").reverse().join(" ");
  const files = attachments.length
    ? attachments.map((a) => `${plain(a.name)} (${a.type}, ${a.data.length} bytes)`).join(", ")
    : "none";
  return [
    `## About ${topicOf(prompt)}`,
    "",
    `You wrote **${n} word${n === 1 ? "" : "s"}** and ${prompt.length} characters. Here is what I make of them:`,
    "",
    `- **Longest word:** \`${longest}\``,
    `- **Attachments:** ${files}`,
    `- **Checksum:** ${hashText(prompt).toString(16)}`,
    "",
    "| # | Word | Length |",
    "|---:|---|---:|",
    ...(rows.length ? rows : ["| 1 | · | 0 |"]),
    "",
    "```ts",
    "function reply(input: string): string {",
    '  return input.split(" ").reverse().join(" ");',
    "}",
    `// reply("${sample}") === "${reversed}"`,
    "```",
    "",
    `Inline math: with $n = ${n}$ words, $n^2 = ${n * n}$.`,
    "",
    "$$",
    `\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2} = ${(n * (n + 1)) / 2}`,
    "$$",
    "",
    web ? "Sources: [1] example.com, [2] example.org." : "That is all for this part.",
    "",
  ].join("\n");
}

export function testMarkdown(
  prompt: string,
  attachments: readonly ProviderAttachment[],
  opts: { web: boolean; long: boolean },
): string {
  const body = section(prompt, attachments, opts.web);
  return opts.long ? Array.from({ length: 20 }, () => body).join("\n---\n\n") : body;
}

/** Splits text into the small pieces a model streams (one or two words, whitespace kept). */
export function streamPieces(text: string): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += 2) pieces.push(tokens.slice(i, i + 2).join(""));
  return pieces;
}

/** A 128×128 RGBA picture: a two-colour diagonal gradient with a disc, colours from the prompt's hash. */
export function testPicture(prompt: string, size = 128): Uint8Array {
  const h = hashText(prompt);
  const a = [h & 0xff, (h >>> 8) & 0xff, (h >>> 16) & 0xff];
  const b = [255 - (a[0] ?? 0), 255 - (a[1] ?? 0), 255 - (a[2] ?? 0)];
  const pixels = new Uint8Array(size * size * 4);
  const r = size / 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      const inDisc = (x - size / 2) ** 2 + (y - size / 2) ** 2 < r * r;
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const mixed = (a[c] ?? 0) * (1 - t) + (b[c] ?? 0) * t;
        pixels[i + c] = inDisc ? 255 - mixed : mixed;
      }
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}
