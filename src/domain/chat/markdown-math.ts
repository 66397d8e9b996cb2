// Where TeX math sits in markdown: $$…$$ and \[…\] blocks, $…$ and \(…\) inline, read before markdown
// can mangle it (underscores are not emphasis inside math). Shaped as marked tokenizer extensions.
import { type MathText, mathText } from "./markdown-math-text.ts";
import { type Run, runOf } from "./markdown-runs.ts";

export interface MathToken {
  type: "blockMath" | "inlineMath";
  raw: string;
  /** The TeX source. */
  text: string;
  /** Display style (centred, large operators), as opposed to inline. */
  display: boolean;
}

/** A line's start that opens display math: elsewhere `\[` is an escaped bracket, and `$$` opens inline math. */
const BLOCK_LINE = /^ {0,3}(?:\$\$|\\\[)/;

/** Each run's math, read when first asked (markdown-runs.ts): marked asks about the rest of its text at each step. */
const RUN_MATH = new WeakMap<Run, MathText>();

/** The math of the text marked reads `src` in, and where `src` starts in it (a direct call: `src` alone). */
function reading(caller: unknown, src: string): { math: MathText; at: number } {
  const within = runOf(caller, src);
  if (!within) return { math: mathText(src), at: 0 };
  const math = RUN_MATH.get(within.run) ?? mathText(within.run.text);
  RUN_MATH.set(within.run, math);
  return { math, at: within.at };
}

/**
 * Where in `src` the first line after a newline that opens display math starts, or -1: where a paragraph
 * stops (blockMathTokenizer.start), and a setext heading's text (markdown-rules.ts). A line that opens
 * none (no closer follows) stops neither, as a paragraph's words. `caller`: what marked calls with (`this`).
 */
export function displayMathLine(caller: unknown, src: string): number {
  const { math, at } = reading(caller, src);
  const line = math.nextMathLine(at);
  return line < 0 ? -1 : line - at;
}

export const blockMathTokenizer = {
  name: "blockMath",
  level: "block" as const,
  start(this: unknown, src: string): number | undefined {
    const line = displayMathLine(this, src);
    return line < 0 ? undefined : line;
  },
  tokenizer(this: unknown, src: string): MathToken | undefined {
    const { math, at } = reading(this, src);
    return math.block(at);
  },
};

export const inlineMathTokenizer = {
  name: "inlineMath",
  level: "inline" as const,
  start(this: unknown, src: string): number | undefined {
    const { math, at } = reading(this, src);
    const next = math.nextInline(at);
    return next < 0 ? undefined : next - at;
  },
  tokenizer(this: unknown, src: string): MathToken | undefined {
    const { math, at } = reading(this, src);
    return math.inline(at);
  },
};

/** Whether `line`, read from its start, opens display math (if its closer follows: blockMathTokenizer). */
export const opensBlockMath = (line: string): boolean => BLOCK_LINE.test(line);

/** Whether a text may hold math at all: the renderer loads KaTeX only then. */
export const mayContainMath = (text: string): boolean => /\$|\\\(|\\\[/.test(text);
