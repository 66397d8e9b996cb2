// A paragraph, a table row or a formula of an answer as the announcer says it (spoken-text.ts), still markdown
// for snippetText to read: its formulas said as symbols (spoken-math.ts), our own words kept from reading as marks.
import { mathText } from "./markdown-math-text.ts";
import { spokenMath } from "./spoken-math.ts";

/** Characters markdown would read as its own marks in words we wrote: escaped, snippetText shows them as is. */
const MARKS = /[\\`*_~$|]/g;
/** ASCII punctuation: what a backslash escapes. */
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Words ended as a sentence, for a pause: a full stop unless they end in punctuation already. */
export const sentence = (words: string): string =>
  /[.!?…:;,]$/.test(words.trimEnd()) ? words : `${words.trimEnd()}.`;

export const literal = (text: string): string => text.replace(MARKS, "\\$&");

/** A line we wrote, kept from reading as a heading, quote, list item or numbered item. */
export const unmarked = (line: string): string =>
  line.replace(/^([ \t]*)(>|#|[+*-](?=[ \t]|$))/, "$1\\$2").replace(/^([ \t]*\d{1,9})([.)])/, "$1\\$2");

/** A table row as a sentence: its cells in turn, joined by commas; an empty cell says nothing. */
export function spokenRow(line: string): string {
  const cells = line
    .replace(/^[ \t]*\|/, "")
    .replace(/(?<!\\)\|[ \t]*$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .filter(Boolean);
  const row = cells.join(", ");
  return unmarked(row && !/[.!?…]$/.test(row) ? `${row}.` : row);
}

/** Each backtick run by where it starts: its length, and where its closer (the next run as long) starts or -1. */
function backtickRuns(text: string): Map<number, { length: number; closer: number }> {
  const runs = new Map<number, { length: number; closer: number }>();
  const nextOfLength = new Map<number, number>();
  for (const run of [...text.matchAll(/`+/g)].reverse()) {
    const length = run[0].length;
    runs.set(run.index, { length, closer: nextOfLength.get(length) ?? -1 });
    nextOfLength.set(length, run.index);
  }
  return runs;
}

/** Whether only spaces stand before `i` on its line: looks back no further than the last other character. */
function atLineStart(text: string, i: number): boolean {
  let j = i - 1;
  while (text[j] === " " || text[j] === "\t") j--;
  return j < 0 || text[j] === "\n";
}

/**
 * A paragraph with its formulas said, read left to right as the renderer reads it: a code span or an escape
 * is taken as written, a dollar that opens no formula stays a dollar (escaped: snippetText has its own reading).
 */
export function spokenInline(text: string): string {
  const runs = backtickRuns(text);
  const inlineMath = mathText(text);
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const run = runs.get(i);
    if (run) {
      // A code span, or a run of backticks that opens none.
      const end = (run.closer < 0 ? i : run.closer) + run.length;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const math = inlineMath.inline(i);
    if (math) {
      out += literal(spokenMath(math.text));
      i += math.raw.length;
      continue;
    }
    const next = text[i + 1] ?? "";
    if (c === "\\" && PUNCTUATION.test(next)) {
      // "\(" opens TeX for snippetText, and "\[" does at a line's start (snippet-math.ts, more leniently
      // indented than the renderer): for the renderer (and the reader) here they are the bracket alone.
      // Elsewhere "\[" stays escaped, which snippetText shows as the bracket: a bare one could open a link.
      const tex = next === "(" || (next === "[" && atLineStart(text, i));
      out += tex ? next : c + next;
      i += 2;
      continue;
    }
    out += c === "$" ? "\\$" : c;
    i++;
  }
  return out;
}
