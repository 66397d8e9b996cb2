// Streaming markdown: the split into blocks matches a one-shot parse, and settled blocks are never lexed again.
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import {
  allBlocks,
  type BlockSplit,
  normalizeNewlines,
  splitBlocks,
} from "../../src/domain/chat/markdown-blocks";
import { blockMathTokenizer, inlineMathTokenizer, mayContainMath } from "../../src/domain/chat/markdown-math";

const marked = new Marked({
  gfm: true,
  extensions: [
    { ...blockMathTokenizer, renderer: () => "" },
    { ...inlineMathTokenizer, renderer: () => "" },
  ],
});
type Token = ReturnType<typeof marked.lexer>[number];

const ANSWER = [
  "## About streaming",
  "",
  "You wrote **3 words**. Here is what I make of them:",
  "",
  "- **Longest word:** `streaming`",
  "- a second item",
  "",
  "  continued after a blank line",
  "",
  "| # | Word | Length |",
  "|---:|---|---:|",
  "| 1 | hello | 5 |",
  "",
  "```ts",
  "const a = 1;",
  "",
  "const b = 2;",
  "```",
  "",
  "Inline math: with $n = 3$ words, $n^2 = 9$ and a price of $5 and $10.",
  "",
  "$$",
  "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}",
  "$$",
  "",
  "Setext heading",
  "==============",
  "",
  "> a quote",
  "lazily continued",
  "",
  "1. one",
  "2. two",
  "",
  "Done.",
].join("\n");

const shape = (split: BlockSplit<Token>) => allBlocks(split).map((b) => [b.start, b.token.type, b.raw]);

function stream(text: string, chunk: number, lex = (s: string) => marked.lexer(s)) {
  let split: BlockSplit<Token> | null = null;
  for (let end = chunk; end < text.length + chunk; end += chunk) {
    split = splitBlocks(split, text.slice(0, Math.min(end, text.length)), lex);
  }
  if (!split) throw new Error("empty text");
  return split;
}

describe("splitBlocks", () => {
  it.each([1, 2, 3, 5, 7, 16, 64])(
    "streamed %i characters at a time, ends exactly as a one-shot split",
    (chunk) => {
      const oneShot = splitBlocks<Token>(null, ANSWER, (s) => marked.lexer(s));
      expect(shape(stream(ANSWER, chunk))).toEqual(shape(oneShot));
    },
  );

  it("covers the whole text with its blocks, in order", () => {
    const split = splitBlocks<Token>(null, ANSWER, (s) => marked.lexer(s));
    expect(
      allBlocks(split)
        .map((b) => b.raw)
        .join(""),
    ).toBe(ANSWER);
    for (const block of allBlocks(split))
      expect(ANSWER.slice(block.start, block.start + block.raw.length)).toBe(block.raw);
    expect(allBlocks(split).map((b) => b.token.type)).toContain("table");
    expect(allBlocks(split).map((b) => b.token.type)).toContain("blockMath");
  });

  it("lexes only the block being written, however long the answer already is", () => {
    const long = Array.from({ length: 70 }, (_, i) => `### Part ${i}\n\n${ANSWER}\n\n`).join("");
    expect(long.length).toBeGreaterThan(30_000);
    let lexed = 0;
    let largest = 0;
    const split = stream(long, 40, (s) => {
      lexed += s.length;
      largest = Math.max(largest, s.length);
      return marked.lexer(s);
    });
    expect(
      allBlocks(split)
        .map((b) => b.raw)
        .join(""),
    ).toBe(long);
    // A naive renderer lexes the whole text per chunk: about long.length² / 80 characters in all.
    expect(lexed).toBeLessThan(long.length * 10);
    expect(largest).toBeLessThan(400);
  });

  it("keeps settled blocks (same objects) when the text grows", () => {
    const first = splitBlocks<Token>(null, "# Title\n\nFirst paragraph.\n\nSecond", (s) => marked.lexer(s));
    const next = splitBlocks(first, "# Title\n\nFirst paragraph.\n\nSecond paragraph", (s) =>
      marked.lexer(s),
    );
    expect(first.settled.map((b) => b.token.type)).toEqual(["heading", "space", "paragraph", "space"]);
    expect(next.settled[0]).toBe(first.settled[0]);
    expect(next.open.map((b) => b.raw)).toEqual(["Second paragraph"]);
  });

  it("keeps a list open across a blank line, since an indented line may continue it", () => {
    const split = splitBlocks<Token>(null, "- a\n- b\n\n", (s) => marked.lexer(s));
    expect(split.settled).toHaveLength(0);
    const grown = splitBlocks(split, "- a\n- b\n\n  still b\n\nafter", (s) => marked.lexer(s));
    expect(grown.settled.map((b) => b.raw)).toEqual(["- a\n- b\n\n  still b", "\n\n"]);
  });

  it("starts again when the text is replaced rather than extended", () => {
    const first = splitBlocks<Token>(null, "Alpha\n\nBeta", (s) => marked.lexer(s));
    const other = splitBlocks(first, "Gamma\n\nDelta", (s) => marked.lexer(s));
    expect(allBlocks(other).map((b) => b.raw)).toEqual(["Gamma", "\n\n", "Delta"]);
  });

  it("normalises CRLF so raw text and offsets agree", () => {
    const text = normalizeNewlines("a\r\nb\r\n\r\nc\rd");
    expect(text).toBe("a\nb\n\nc\nd");
    expect(
      allBlocks(splitBlocks<Token>(null, text, (s) => marked.lexer(s)))
        .map((b) => b.raw)
        .join(""),
    ).toBe(text);
  });
});

describe("math tokenizers", () => {
  const inline = (src: string) => inlineMathTokenizer.tokenizer(src);
  it.each([
    ["$x^2$ rest", "x^2", false],
    ["$a_1 + a_2$", "a_1 + a_2", false],
    ["\\(\\alpha\\) rest", "\\alpha", false],
    ["$$E = mc^2$$ inline display", "E = mc^2", true],
    ["$\\$5$", "\\$5", false],
  ])("reads %j as math", (src, text, display) => {
    expect(inline(src)).toMatchObject({ text, display });
  });

  it.each(["$5 and $10", "$ x$", "$x $", "$x$5", "$$", "$\n$", "price: $"])("leaves %j as text", (src) => {
    expect(inline(src)).toBeUndefined();
  });

  it("reads display blocks in dollars and in brackets, and not an unfinished one", () => {
    expect(blockMathTokenizer.tokenizer("$$\n\\frac{a}{b}\n$$\nnext")).toMatchObject({
      text: "\\frac{a}{b}",
      display: true,
    });
    expect(blockMathTokenizer.tokenizer("\\[\nx\n\\]")).toMatchObject({ text: "x" });
    expect(blockMathTokenizer.tokenizer("$$\n\\frac{a}{b}")).toBeUndefined();
    expect(blockMathTokenizer.start("text\n$$\nx\n$$")).toBe(5);
  });

  it("keeps underscores in math away from emphasis", () => {
    const tokens = marked.lexer("Sum $a_1 + b_2$ and _real emphasis_.");
    const paragraph = tokens[0] as { tokens?: { type: string; text?: string }[] };
    const types = paragraph.tokens?.map((t) => t.type);
    expect(types).toContain("inlineMath");
    expect(types).toContain("em");
  });

  it("knows when a text may hold math", () => {
    expect(mayContainMath("no math here")).toBe(false);
    expect(mayContainMath("cost $5")).toBe(true);
    expect(mayContainMath("\\[x\\]")).toBe(true);
  });
});
