// An answer's markdown as the chat's live region says it (answer-announcements.ts): the plain text a reader
// sees (snippetText), with each formula said as symbols (spoken-math.ts) and a table row by row.
import { openFenceAt, snippetText, TABLE_DELIMITER } from "../snippet-text.ts";
import { normalizeNewlines } from "./markdown-blocks.ts";
import { blockMathTokenizer, inlineMathTokenizer, opensBlockMath } from "./markdown-math.ts";
import { spokenMath } from "./spoken-math.ts";

/** A heading line (`## Words ##`): its marks and its words, without the closing marks. */
const ATX_HEADING = /^( {0,3}#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** A list item's first line: a bullet or a number, then words. */
const LIST_ITEM = /^[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+\S/;
/** Words ended as a sentence, for a pause: a full stop unless they end in punctuation already. */
const sentence = (words: string) => (/[.!?…:;,]$/.test(words.trimEnd()) ? words : `${words.trimEnd()}.`);
/** Characters markdown would read as its own marks in words we wrote: escaped, snippetText shows them as is. */
const MARKS = /[\\`*_~$|]/g;
/** ASCII punctuation: what a backslash escapes. */
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

const literal = (text: string) => text.replace(MARKS, "\\$&");

/** A line we wrote, kept from reading as a heading, quote, list item or numbered item. */
const unmarked = (line: string) =>
  line.replace(/^([ \t]*)(>|#|[+*-](?=[ \t]|$))/, "$1\\$2").replace(/^([ \t]*\d{1,9})([.)])/, "$1\\$2");

/**
 * `markdown` as the words a screen reader should say: what a reader sees, no markup. A formula (where the
 * renderer finds one: markdown-math.ts, so "$5 and $10" stays money) is said as symbols; a table row by row,
 * its cells joined by commas and each row ended as a sentence ("Name, Age. Ann, 31."), where snippetText
 * runs every cell together. Code stays as written, each line after the other: it is read as the words and
 * signs it is, which is what a reader asked for code wants to hear.
 */
export function spokenText(markdown: string): string {
  return snippetText(speakable(markdown), []);
}

/** `markdown` with its formulas said and its tables as sentences, still markdown. */
function speakable(markdown: string): string {
  const text = normalizeNewlines(markdown);
  const lines = text.split("\n");
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const out: string[] = [];
  let paragraph: string[] = [];
  /** The paragraph is a list item: said as a sentence of its own, or the items run together ("one two"). */
  let item = false;
  const endParagraph = () => {
    const words = paragraph.length > 0 ? spokenInline(paragraph.join("\n")) : "";
    if (words) out.push(item ? sentence(words) : words);
    paragraph = [];
    item = false;
  };
  /** The line that opened the code fence we are in. */
  let fence: string | null = null;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    i++;
    if (fence !== null) {
      out.push(line);
      if (!openFenceAt(`${fence}\n${line}`)) fence = null;
      continue;
    }
    if (openFenceAt(line)) {
      endParagraph();
      out.push(line);
      fence = line;
      continue;
    }
    const math = opensBlockMath(line) ? blockMathTokenizer.tokenizer(text.slice(starts[i - 1])) : null;
    if (math) {
      // A formula standing as a block of its own ends as a sentence, unless the words after it carry the
      // sentence on ("…is $$x$$ so with…"); one inside a paragraph goes on with it.
      const alone = paragraph.length === 0;
      endParagraph();
      i += math.raw.replace(/\n+$/, "").split("\n").length - 1;
      const said = spokenMath(math.text);
      const after = lines.slice(i).find((l) => l.trim()) ?? "";
      const ends = alone && !lines[i]?.trim() && !/^\s*\p{Ll}/u.test(after);
      out.push("", unmarked(literal(ends ? sentence(said) : said)), "");
      continue;
    }
    if (line.includes("|") && TABLE_DELIMITER.test(lines[i] ?? "")) {
      endParagraph();
      paragraph.push(spokenRow(line));
      for (i++; i < lines.length && lines[i]?.trim() && !openFenceAt(lines[i] as string); i++)
        paragraph.push(spokenRow(lines[i] as string));
      endParagraph();
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      // Said as a sentence of its own: a heading ran into the paragraph after it ("About Tell me about…").
      endParagraph();
      const [, marks, words = ""] = heading;
      out.push(words ? `${marks} ${sentence(spokenInline(words))}` : line);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      endParagraph();
      item = true;
    }
    if (line.trim()) paragraph.push(line);
    else {
      endParagraph();
      out.push(line);
    }
  }
  endParagraph();
  return out.join("\n");
}

/** A table row as a sentence: its cells in turn, joined by commas; an empty cell says nothing. */
function spokenRow(line: string): string {
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
function spokenInline(text: string): string {
  const runs = backtickRuns(text);
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
    const math = c === "$" || c === "\\" ? inlineMathTokenizer.tokenizer(text.slice(i)) : undefined;
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
