// The math tokenizers read a text once (markdown-math-text.ts), wherever in it marked asks (markdown-runs.ts): in a
// quote read in parts, a list item, an emphasis. They find what the regular expressions before them found; what
// changed is where a paragraph (or a setext heading's text) stops: only at a line that opens display math.
import { Marked, Tokenizer, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { blockMathTokenizer, inlineMathTokenizer, type MathToken } from "../../src/domain/chat/markdown-math";
import { mathText } from "../../src/domain/chat/markdown-math-text";
import { createMarkdown, escapeHtml } from "../../src/domain/chat/markdown-rules";

// The expressions the tokenizers replace: right, but each searched from where it was asked to the text's end.
const BLOCK_DOLLARS = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const BLOCK_BRACKETS = /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/;
const BLOCK_OPENER = /\n {0,3}(?:\$\$|\\\[)/g;
const INLINE_DISPLAY = /^\$\$(?!\$)([^$]+?)\$\$/;
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])+?)(?<![\s\\])\$(?!\d)/;
const INLINE_PAREN = /^\\\(([\s\S]+?)\\\)/;
const INLINE_OPENER = /\$|\\\(/;

function oldBlock(src: string): MathToken | undefined {
  const match = BLOCK_DOLLARS.exec(src) ?? BLOCK_BRACKETS.exec(src);
  const text = match?.[1]?.trim();
  return match && text ? { type: "blockMath", raw: match[0], text, display: true } : undefined;
}

function oldInline(src: string): MathToken | undefined {
  const display = INLINE_DISPLAY.exec(src);
  if (display?.[1]?.trim())
    return { type: "inlineMath", raw: display[0], text: display[1].trim(), display: true };
  const inline = INLINE_DOLLAR.exec(src) ?? INLINE_PAREN.exec(src);
  const text = inline?.[1]?.trim();
  return inline && text ? { type: "inlineMath", raw: inline[0], text, display: false } : undefined;
}

/**
 * Where the first line after a newline that opens display math (by the expressions) starts, or -1. The
 * expression cut a paragraph at any line starting with `$$` or `\[`, closed or not: marked then read on from
 * there for a setext underline, to the text's end for each such line.
 */
function oldMathLine(src: string): number {
  for (const m of src.matchAll(BLOCK_OPENER)) if (oldBlock(src.slice(m.index + 1))) return m.index + 1;
  return -1;
}

const render = (token: Tokens.Generic) =>
  `[${token.display ? "display" : "inline"}:${escapeHtml(token.text)}]`;
const html = { math: render, code: (token: Tokens.Code) => `<pre>${escapeHtml(token.text)}</pre>` };
const markdown = createMarkdown(html);
/** The renderer with the old expressions, asked about each rest of the text, a paragraph stopping as now. */
const before = new Marked({
  gfm: true,
  extensions: [
    {
      name: "blockMath",
      level: "block",
      start: (src) => (oldMathLine(src) < 0 ? undefined : oldMathLine(src)),
      tokenizer: oldBlock,
      renderer: render,
    },
    {
      name: "inlineMath",
      level: "inline",
      start: (src) => (src.search(INLINE_OPENER) < 0 ? undefined : src.search(INLINE_OPENER)),
      tokenizer: oldInline,
      renderer: render,
    },
  ],
  tokenizer: {
    lheading(src) {
      const line = oldMathLine(src);
      return line < 0 ? false : Tokenizer.prototype.lheading.call(this, src.slice(0, line));
    },
  },
});

const PIECES = ["$", "$$", "\\(", "\\)", "\\[", "\\]", "\n", " ", "   ", "\t", "a", "b c", "1", "x$$", "$$ "];
const MARKS = ["`", "*", "_", "\\", "# ", "===", "---", "|", "-|-", "x|y", "~~", "[a](b)", "<b>"];
/** Where lines start: in quotes and list items too, and lazy lines. */
const STARTS = ["", "", "", "> ", "> > ", "- ", "  ", "1. ", "    ", "- > "];
let seed = 11;
/** 0 to n - 1, from a 32-bit generator's high bits (its low ones repeat in short cycles). */
const random = (n: number) => {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return Math.floor((seed / 2 ** 32) * n);
};
const pick = (from: readonly string[]) => from[random(from.length)] as string;
const line = () =>
  pick(STARTS) +
  Array.from({ length: random(6) }, () => (random(4) > 0 ? pick(PIECES) : pick(MARKS))).join("");
const texts = Array.from({ length: 6_000 }, () => Array.from({ length: 1 + random(8) }, line).join("\n"));

describe("the math tokenizers read as the expressions did", () => {
  it("at each position of a text", () => {
    const differ = texts.filter((text) => {
      const math = mathText(text);
      for (let i = 0; i <= text.length; i++) {
        const rest = text.slice(i);
        const opener = rest.search(INLINE_OPENER);
        const line = oldMathLine(rest);
        if (JSON.stringify(math.block(i)) !== JSON.stringify(oldBlock(rest))) return true;
        if (JSON.stringify(math.inline(i)) !== JSON.stringify(oldInline(rest))) return true;
        if (math.nextInline(i) !== (opener < 0 ? -1 : opener + i)) return true;
        if (math.nextMathLine(i) !== (line < 0 ? -1 : line + i)) return true;
      }
      return false;
    });
    expect(differ).toEqual([]);
  });

  it("asked directly", () => {
    const differ = texts.filter(
      (text) =>
        JSON.stringify(blockMathTokenizer.tokenizer(text)) !== JSON.stringify(oldBlock(text)) ||
        JSON.stringify(inlineMathTokenizer.tokenizer(text)) !== JSON.stringify(oldInline(text)) ||
        (blockMathTokenizer.start(text) ?? -1) !== oldMathLine(text) ||
        (inlineMathTokenizer.start(text) ?? -1) !== text.search(INLINE_OPENER),
    );
    expect(differ).toEqual([]);
  });

  it("asked by marked, in every run of a message", () => {
    const tokens = (marked: Marked, text: string) => JSON.stringify(marked.lexer(text));
    const differ = texts.filter((text) => tokens(markdown, text) !== tokens(before, text));
    expect(differ).toEqual([]);
  });
});

/** The HTML, without the newlines marked puts between tags (a paragraph keeps its own). */
const shown = (text: string) => (markdown.parse(text) as string).replace(/>\n/g, ">");

describe("display math between a paragraph and a setext underline", () => {
  // Display math ends a paragraph, and so the text above a `===` or `---`: that text is a heading's no more.
  // It was, formula and all ("\[" then an escaped bracket), and marked read each paragraph above many
  // formulas to the text's end.
  it.each<[string, string, string]>([
    ["under dollars", "a\n$$x$$\n===", "<p>a</p>[display:x]<p>===</p>"],
    ["under brackets", "a\n\\[x\n\\]\n===", "<p>a</p>[display:x]<p>===</p>"],
    ["a thematic break after it", "a\n$$x$$\n---", "<p>a</p>[display:x]<hr>"],
    ["a heading above it", "a\n===\n$$x$$", "<h1>a</h1>[display:x]"],
    ["a line that opens none is words", "Title\n$$ $$\n===", "<h1>Title\n$$ $$</h1>"],
    ["unclosed, it is words", "a\n$$b\n===", "<h1>a\n$$b</h1>"],
  ])("%s", (_label, text, expected) => {
    expect(shown(text)).toBe(expected);
  });
});

describe("a line that opens no display math", () => {
  it.each<[string, string, string]>([
    ["goes on with its paragraph", "a\n$$b\nc", "<p>a\n$$b\nc</p>"],
    ["closing later, it opens math", "a\n$$b\nc\n$$", "<p>a</p>[display:b\nc]"],
    [
      "in a quote read in parts",
      "> $$a\n> b\nlazy\n> $$x$$",
      "<blockquote><p>$$a\nb\nlazy</p>[display:x]</blockquote>",
    ],
    [
      "closed by a lazy line of a quote",
      "> a\n> $$b\nlazy $$\n> c",
      "<blockquote><p>a\n[display:b\nlazy]\nc</p></blockquote>",
    ],
    ["in list items", "- a\n  $$x$$\n- $$y", "<ul><li>a[display:x]</li><li>$$y</li></ul>"],
  ])("%s", (_label, text, expected) => {
    expect(shown(text)).toBe(expected);
  });
});
