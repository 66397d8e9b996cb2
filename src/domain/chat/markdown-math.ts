// Where TeX math sits in markdown: $$…$$ and \[…\] blocks, $…$ and \(…\) inline, read before markdown
// can mangle it (underscores are not emphasis inside math). Shaped as marked tokenizer extensions.

export interface MathToken {
  type: "blockMath" | "inlineMath";
  raw: string;
  /** The TeX source. */
  text: string;
  /** Display style (centred, large operators), as opposed to inline. */
  display: boolean;
}

const BLOCK_DOLLARS = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const BLOCK_BRACKETS = /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/;
/** A line's start that opens display math: elsewhere `\[` is an escaped bracket, and `$$` opens inline math. */
const BLOCK_LINE = /^ {0,3}(?:\$\$|\\\[)/;
/**
 * A line that opens display math, where it may interrupt a paragraph. Only after a newline: marked asks from
 * a paragraph's second character on, so the start of what it asks about is mid-line.
 */
const BLOCK_OPENER = /\n {0,3}(?:\$\$|\\\[)/;

const INLINE_DISPLAY = /^\$\$(?!\$)([^$]+?)\$\$/;
/**
 * Pandoc's rule, which keeps prices apart from math: the opening $ is followed by a non-space, the closing
 * $ preceded by a non-space and not followed by a digit ("$5 and $10" is not math).
 */
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])+?)(?<![\s\\])\$(?!\d)/;
const INLINE_PAREN = /^\\\(([\s\S]+?)\\\)/;
const INLINE_OPENER = /\$|\\\(/;

export const blockMathTokenizer = {
  name: "blockMath",
  level: "block" as const,
  start(src: string): number | undefined {
    const match = BLOCK_OPENER.exec(src);
    return match ? match.index + 1 : undefined;
  },
  tokenizer(src: string): MathToken | undefined {
    const match = BLOCK_DOLLARS.exec(src) ?? BLOCK_BRACKETS.exec(src);
    const text = match?.[1]?.trim();
    if (!match || !text) return undefined;
    return { type: "blockMath", raw: match[0], text, display: true };
  },
};

export const inlineMathTokenizer = {
  name: "inlineMath",
  level: "inline" as const,
  start(src: string): number | undefined {
    const index = src.search(INLINE_OPENER);
    return index < 0 ? undefined : index;
  },
  tokenizer(src: string): MathToken | undefined {
    const display = INLINE_DISPLAY.exec(src);
    if (display?.[1]?.trim())
      return { type: "inlineMath", raw: display[0], text: display[1].trim(), display: true };
    const inline = INLINE_DOLLAR.exec(src) ?? INLINE_PAREN.exec(src);
    const text = inline?.[1]?.trim();
    if (!inline || !text) return undefined;
    return { type: "inlineMath", raw: inline[0], text, display: false };
  },
};

/** Whether `line`, read from its start, opens display math (if its closer follows: blockMathTokenizer). */
export const opensBlockMath = (line: string): boolean => BLOCK_LINE.test(line);

/** Whether a text may hold math at all: the renderer loads KaTeX only then. */
export const mayContainMath = (text: string): boolean => /\$|\\\(|\\\[/.test(text);
