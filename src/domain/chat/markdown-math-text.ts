// TeX math read at any position of one text, as the chat's renderer reads it (markdown-math.ts): each kind of
// mark is found once, so reading a text at each of its positions takes about as long as reading it once.
import type { MathToken } from "./markdown-math.ts";

/**
 * A line that starts as display math does, where it may interrupt a paragraph. Only after a newline: marked
 * asks from a paragraph's second character on, so the start of what it asks about is mid-line.
 */
const BLOCK_LINE_AFTER_NEWLINE = /\n {0,3}(?:\$\$|\\\[)/g;
/** What `trim` keeps: math of nothing else is none. */
const WORD = /\S/g;

const INLINE_DISPLAY = /^\$\$(?!\$)([^$]+?)\$\$/;
/**
 * Pandoc's rule, which keeps prices apart from math: the opening $ is followed by a non-space, the closing
 * $ preceded by a non-space and not followed by a digit ("$5 and $10" is not math). Read to the next $ or
 * line end at most, which the next $ marked asks about is not before.
 */
const INLINE_DOLLAR = /^\$(?![\s$])((?:\\[\s\S]|[^\\$\n])+?)(?<![\s\\])\$(?!\d)/;
const INLINE_OPENER = /\$|\\\(/g;
const PAREN_CLOSER = /\\\)/g;

/** The index of the first of the ascending `positions` at or after `from` (their length if none). */
function indexFrom(positions: readonly number[], from: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((positions[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first of the ascending `positions` at or after `from`, or -1. */
const firstFrom = (positions: readonly number[], from: number): number =>
  positions[indexFrom(positions, from)] ?? -1;

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/** Where each line that ends in `$$` or `\]` (blanks after it) has it: where display math may close. */
function lineClosers(text: string): { $$: number[]; "\\[": number[] } {
  const closers = { $$: [] as number[], "\\[": [] as number[] };
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    let last = end;
    while (last > start && isBlank(text[last - 1])) last--;
    if (last - start >= 2 && text.startsWith("$$", last - 2)) closers.$$.push(last - 2);
    else if (last - start >= 2 && text.startsWith("\\]", last - 2)) closers["\\["].push(last - 2);
    start = end + 1;
  }
  return closers;
}

/** The math of one text, read at any of its positions; each kind of mark is found once, when first asked. */
export interface MathText {
  /** The display math a line opens at `at` (up to 3 spaces before `$$` or `\[`), if it closes. */
  block(at: number): MathToken | undefined;
  /** The inline math opening at `at`. */
  inline(at: number): MathToken | undefined;
  /**
   * Where the first line after a newline at or after `from` that opens display math (`block` reads math
   * there) starts, or -1. Asked from ever later positions, it reads each line once over all its calls.
   */
  nextMathLine(from: number): number;
  /** Where the first `$` or `\(` at or after `from` is, or -1. */
  nextInline(from: number): number;
}

export function mathText(text: string): MathText {
  let closers: ReturnType<typeof lineClosers> | undefined;
  let parens: number[] | undefined;
  let openers: number[] | undefined;
  /** Lines that start (after a newline) as display math does, and the last answer about them. */
  let lines: number[] | undefined;
  let known = { from: 0, found: -1 };
  const positions = (pattern: RegExp, shift = 0) => [...text.matchAll(pattern)].map((m) => m.index + shift);
  /** Where the mark of display math opening at `at` is, its kind, and where it closes (-1: nowhere). */
  const display = (at: number) => {
    let open = at;
    while (open < at + 3 && text[open] === " ") open++;
    const mark = text.startsWith("$$", open) ? "$$" : text.startsWith("\\[", open) ? "\\[" : null;
    if (!mark) return null;
    closers ??= lineClosers(text);
    // Past one character at least, up to the first line that ends in its closer.
    return { open, close: firstFrom(closers[mark], open + 3) };
  };
  /** Whether display math opens at `at`: it closes, and holds more than blanks (each blank read once). */
  const opens = (at: number) => {
    const math = display(at);
    if (!math || math.close < 0) return false;
    WORD.lastIndex = math.open + 2;
    return (WORD.exec(text)?.index ?? text.length) < math.close;
  };
  return {
    block(at) {
      const math = display(at);
      const tex = !math || math.close < 0 ? "" : text.slice(math.open + 2, math.close).trim();
      if (!math || !tex) return undefined;
      let end = math.close + 2;
      while (isBlank(text[end])) end++;
      while (text[end] === "\n") end++;
      return { type: "blockMath", raw: text.slice(at, end), text: tex, display: true };
    },
    inline(at) {
      const c = text[at];
      if (c !== "$" && c !== "\\") return undefined;
      const src = text.slice(at);
      const display = INLINE_DISPLAY.exec(src);
      if (display?.[1]?.trim())
        return { type: "inlineMath", raw: display[0], text: display[1].trim(), display: true };
      const dollar = INLINE_DOLLAR.exec(src);
      if (dollar) {
        const tex = dollar[1]?.trim();
        return tex ? { type: "inlineMath", raw: dollar[0], text: tex, display: false } : undefined;
      }
      if (!src.startsWith("\\(")) return undefined;
      parens ??= positions(PAREN_CLOSER);
      // Past one character at least: "\(\)" does not close at once.
      const close = firstFrom(parens, at + 3);
      const tex = close < 0 ? "" : text.slice(at + 2, close).trim();
      return tex
        ? { type: "inlineMath", raw: text.slice(at, close + 2), text: tex, display: false }
        : undefined;
    },
    nextMathLine(from) {
      lines ??= positions(BLOCK_LINE_AFTER_NEWLINE, 1);
      let line = indexFrom(lines, from + 1);
      // The lines from `known.from` up to `known.found` open none.
      if (known.from <= line && line <= known.found) line = known.found;
      else {
        known = { from: line, found: line };
        while (line < lines.length && !opens(lines[line] as number)) line++;
        known.found = line;
      }
      return lines[line] ?? -1;
    },
    nextInline(from) {
      openers ??= positions(INLINE_OPENER);
      return firstFrom(openers, from);
    },
  };
}
