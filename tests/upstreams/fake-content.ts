// What the fake upstreams answer: a natural markdown reply to the last user message (or a chat title),
// reasoning, sources, images.
import { crc32, deflateSync } from "node:zlib";
import type { Provider } from "../../src/domain/models/types.ts";
import { providerLabel } from "../../src/providers/config.ts";

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

type Attached = "image" | "audio" | "video" | "document";

const kindOfMime = (mime: unknown): Attached =>
  typeof mime !== "string"
    ? "document"
    : mime.startsWith("image/")
      ? "image"
      : mime.startsWith("audio/")
        ? "audio"
        : mime.startsWith("video/")
          ? "video"
          : "document";

/**
 * The files in the last user message, in whichever wire format carried them: OpenAI chat (image_url,
 * input_audio, file), Responses (input_image, input_file), Anthropic (image, document), Gemini (inline_data).
 */
export function attachedKinds(messages: unknown): Attached[] {
  if (!Array.isArray(messages)) return [];
  const last = [...messages].reverse().find((m) => m && (m as { role?: unknown }).role === "user") as
    | { content?: unknown; parts?: unknown }
    | undefined;
  const parts = Array.isArray(last?.content) ? last.content : Array.isArray(last?.parts) ? last.parts : [];
  return parts.flatMap((p: Record<string, unknown>): Attached[] => {
    if (!p || typeof p !== "object") return [];
    const inline = (p.inline_data ?? p.inlineData) as { mime_type?: unknown; mimeType?: unknown } | undefined;
    if (inline) return [kindOfMime(inline.mime_type ?? inline.mimeType)];
    if (p.type === "image_url" || p.type === "input_image" || p.type === "image") return ["image"];
    if (p.type === "input_audio") return ["audio"];
    if (p.type === "file" || p.type === "input_file" || p.type === "document") return ["document"];
    return [];
  });
}

/** A sentence saying which files the stand-in received, so a journey can see a picture reached the model. */
export function attachedSentence(kinds: readonly Attached[]): string {
  if (kinds.length === 0) return "";
  const counts = new Map<Attached, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const noun = (kind: Attached) => (kind === "audio" ? "audio clip" : kind);
  const list = [...counts].map(([kind, n]) => `${n} ${noun(kind)}${n === 1 ? "" : "s"}`).join(" and ");
  return `I received ${list} with your message and looked at ${kinds.length === 1 ? "it" : "them"}.`;
}

/** The system prompt of an OpenAI-style message list (system and developer messages, joined). */
export function systemOfMessages(messages: unknown): string {
  if (!Array.isArray(messages)) return "";
  return messages
    .filter((m) => m && ["system", "developer"].includes((m as { role?: string }).role ?? ""))
    .map((m) => textOf((m as { content?: unknown }).content))
    .join("\n");
}

/** Text of a string or of a list of text parts ({type:"text", text}), as most APIs carry content. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p: { text?: unknown }) => (typeof p?.text === "string" ? p.text : ""))
    .join(" ")
    .trim();
}

const short = (text: string) => {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > 80 ? `${oneLine.slice(0, 79)}…` : oneLine;
};

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
/** Prompt text made safe inside table cells, code strings and bold spans. */
const plain = (text: string) => text.replace(/[|`*_\\$[\]<>#"]/g, "").trim();

const GREETING =
  /^(hello|hi|hey|hiya|howdy|yo|good (morning|afternoon|evening)|greetings|bonjour|salut|hola|ciao|hallo|olá|cześć|bună)\b/i;
const isGreeting = (prompt: string) => GREETING.test(prompt.trim()) && wordsOf(prompt).length <= 5;

/** What a request is about: the prompt without polite openings, trailing punctuation and markdown. */
export function topicOf(prompt: string): string {
  let topic = plain(prompt.replace(/\s+/g, " ")).replace(/[?!.:;,]+$/, "");
  const filler =
    /^(please|pls|hey|so|ok|okay|can you|could you|would you|will you|i want to know|i want|i'd like|i would like|i need|help me|tell me about|tell me|explain|describe|show me|give me|write me|write|make me|make|create|draft|generate|a|an|the|some|me)\s+/i;
  for (let previous = ""; previous !== topic; ) {
    previous = topic;
    topic = topic.replace(filler, "");
  }
  // The subject, not the instructions about the answer's shape ("…, in a table, with some code").
  topic =
    topic.split(/[,;:(]| in a table\b| as a (table|list)\b| with (some|a|the)\b| using\b| please\b/i)[0] ??
    "";
  const words = topic.trim().split(" ").slice(0, 8);
  while (words.length > 1 && /^(and|or|with|in|a|an|the|of|to|for|on)$/i.test(words.at(-1) ?? ""))
    words.pop();
  return words.join(" ");
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What a light model answers to "write a title for this conversation": a few words from the message,
 * the way a real one would (no quotes, no stand-in note — the title is shown everywhere the chat is).
 */
export function fakeTitle(prompt: string): string {
  if (!prompt.trim()) return "New conversation";
  if (isGreeting(prompt)) return "Friendly greeting";
  const text = plain(prompt.replace(/\s+/g, " ")).replace(/[?!.:;,]+$/, "");
  const what = /^(what|who)\s+(is|are|was|were)\s+(an?\s+|the\s+)?(.+)$/i.exec(text);
  if (what?.[4]) return `${capitalised(what[4].split(" ").slice(0, 5).join(" "))} explained`;
  const how = /^how\s+(do|can|should|would)\s+(i|you|we|one)\s+(.+)$/i.exec(text);
  if (how?.[3]) return `How to ${how[3].split(" ").slice(0, 5).join(" ")}`;
  return capitalised(topicOf(prompt).split(" ").slice(0, 6).join(" ")) || "New conversation";
}

const wants = {
  table: /\b(table|tables|tabular|compare|comparison|versus|vs)\b/i,
  code: /\b(code|function|script|program|snippet|implement|typescript|javascript|python|regex|sql)\b/i,
  math: /\b(math|maths|mathematics|equation|formula|sum|integral|calculate|compute|proof|prove|algebra)\b/i,
  list: /\b(list|steps|ideas|tips|options|ways|checklist)\b/i,
};

function tableSection(prompt: string): string[] {
  const words = wordsOf(plain(prompt));
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "") || "—";
  return [
    "| Aspect | What I see |",
    "|---|---|",
    `| Topic | ${topicOf(prompt) || "—"} |`,
    `| Words in your message | ${words.length} |`,
    `| Longest word | ${longest} |`,
    `| Reading time | about ${Math.max(1, Math.round(words.length / 4))} s |`,
  ];
}

function codeSection(prompt: string): string[] {
  const sample = wordsOf(plain(prompt)).slice(0, 6).join(" ");
  const n = wordsOf(sample).length;
  if (/\bpython\b/i.test(prompt)) {
    return [
      "```python",
      "def count_words(text: str) -> int:",
      '    """Counts the words of a sentence."""',
      "    return len(text.split())",
      "",
      `count_words("${sample}")  # ${n}`,
      "```",
    ];
  }
  return [
    "```ts",
    "/** Counts the words of a sentence. */",
    "export function countWords(text: string): number {",
    "  return text.split(/\\s+/).filter(Boolean).length;",
    "}",
    "",
    `countWords("${sample}"); // ${n}`,
    "```",
  ];
}

function mathSection(prompt: string): string[] {
  const n = Math.max(1, wordsOf(prompt).length);
  return [
    "The sum of the first $n$ whole numbers is",
    "",
    "$$",
    "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}",
    "$$",
    "",
    `so with $n = ${n}$, the number of words you wrote, it comes to $${(n * (n + 1)) / 2}$.`,
  ];
}

function listSection(topic: string): string[] {
  return [
    `1. **Start small**: pick one part of ${topic || "it"} and get it right first.`,
    "2. **Write it down**: a short plan beats a long one you never read again.",
    "3. **Check as you go**: compare what you have with what you wanted.",
  ];
}

/** The user's words as a model quotes them back: raw (markup included, for the renderer to make safe), one line. */
const quoteOf = (prompt: string): string => {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
};

/** What a stand-in says of the document passages it was sent, so retrieval shows end to end in dev. */
function passagesOf(system: string): string | null {
  const passages = Array.from(
    system.matchAll(/<passage source="([^"]*)"(?: page="([^"]*)")?>\n([\s\S]*?)\n<\/passage>/g),
  );
  const first = passages[0];
  if (!first) return null;
  const where = `${first[1]}${first[2] ? `, page ${first[2]}` : ""}`;
  const quote = (first[3] ?? "").replace(/\s+/g, " ").slice(0, 200);
  return `I was given ${passages.length} document passage${passages.length === 1 ? "" : "s"}. The first, from ${where}, reads: "${quote}"`;
}

/** The system prompt without the document passages the answer adds after it: an assistant's instructions. */
const instructionsOf = (system: string): string =>
  system.split(/(?:^|\n\n)The user's documents, as passages/)[0]?.trim() ?? "";

/**
 * What a local stand-in answers: a natural reply to the last user message that shows the renderer off when
 * asked (a table, code, math or a list for prompts that mention them), then a discreet line saying no real
 * model wrote it, after quoting an assistant's instructions (the system prompt) when there are some. A title
 * request (a system prompt asking for a title) gets a short title instead.
 */
export function fakeAnswer(
  provider: string,
  model: string,
  prompt: string,
  system = "",
  attached: readonly Attached[] = [],
): string {
  if (/\btitle\b/i.test(system)) return fakeTitle(prompt);
  const topic = topicOf(prompt);
  const seen = attachedSentence(attached);
  const intro =
    seen && !prompt.trim()
      ? seen
      : !prompt.trim()
        ? "Your message was empty. Ask me anything: I can explain, compare, write code or work through some math."
        : isGreeting(prompt)
          ? "Hello! Nice to meet you. How can I help today? I can explain things, compare options in a table, write code or work through some math."
          : `You wrote: "${quoteOf(prompt)}". Here is a short answer about **${topic}**.`;
  const parts: string[][] = [seen && prompt.trim() ? [intro, "", seen] : [intro]];
  const documents = passagesOf(system);
  if (documents) parts.push([documents]);
  if (wants.table.test(prompt)) parts.push(["Side by side:", "", ...tableSection(prompt)]);
  if (wants.code.test(prompt)) parts.push(["A small example:", "", ...codeSection(prompt)]);
  if (wants.math.test(prompt)) parts.push(mathSection(prompt));
  if (wants.list.test(prompt)) parts.push(listSection(topic));
  if (parts.length === 1 && prompt.trim() && !isGreeting(prompt)) {
    parts.push([
      `A good way to think about ${topic} is in three parts:`,
      "",
      "1. **What it is**: the core idea, in a sentence or two.",
      "2. **Why it matters**: where it shows up and what it changes.",
      "3. **What to do next**: one first step you can try today.",
      "",
      "Ask for a table, some code or the math behind it and I will add them.",
    ]);
  }
  // An assistant's preprompt arrives as the system message: say so, so its effect shows in a demo.
  const instructions = instructionsOf(system);
  if (instructions) parts.push([`_Following the instructions: “${quoteOf(instructions)}”._`]);
  const label = providerLabel(provider as Provider);
  parts.push([`_Demo answer from a local stand-in for ${label} (${model}): no real model was asked._`]);
  return parts.map((p) => p.join("\n")).join("\n\n");
}

export function fakeReasoning(prompt: string): string {
  const extras = [
    wants.table.test(prompt) && "a table",
    wants.code.test(prompt) && "a code example",
    wants.math.test(prompt) && "the math",
  ].filter(Boolean);
  const plan = extras.length ? `, with ${extras.join(" and ")}` : "";
  return `The question is about "${short(prompt) || "nothing"}". I will answer briefly and clearly${plan}.`;
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
