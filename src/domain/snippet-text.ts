// A message's markdown as the plain text its search snippet shows: the words a reader sees, no markup.
import { containsMatch } from "./search.ts";
import { inlinePlainText } from "./snippet-inline.ts";
import { displayMathReader } from "./snippet-math.ts";

// Held text sits behind a private-use placeholder; the message's own such characters are held first.
const HELD = /\uE000(\d+)\uE001/g;
const PRIVATE = /[\uE000\uE001]/g;
const NEWLINE = /\r\n?|\n/;

const QUOTE = /^(?:[ \t]*>[ \t]?)+/;
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_EQUALS = /^[ \t]*=+[ \t]*$/;
/**
 * A table's delimiter row (`|---|:--:|`), also how the announcer finds a table (chat/spoken-text.ts). Its
 * leading blanks are read one way only: as `[ \t]*\|?[ \t]*` each split of them was tried, seconds for a line
 * of 100,000 blanks.
 */
export const TABLE_DELIMITER =
  /^[ \t]*(?:\|[ \t]*)?:?-+:?[ \t]*\|(?:[ \t]*:?-+:?[ \t]*\|)*(?:[ \t]*:?-+:?[ \t]*)?$/;
/** List markers (nested ones too) and a task's box. */
const LIST = /^(?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)+(?:\[[ xX]\][ \t]+)?/;
const HEADING = /^[ \t]*#{1,6}(?:[ \t]+|$)/;
const DEFINITION = /^[ \t]*\[[^\]]+\]:[ \t]*<?([^\s>]+)>?(?:[ \t]+.*)?$/;

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * A heading's text without its closing `#`s (` ##`, blanks either side). Read from the end: a pattern tried at
 * each blank of a long line would read the blanks after it each time.
 */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (isBlank(text[end - 1])) end--;
  let hashes = end;
  while (text[hashes - 1] === "#") hashes--;
  let blanks = hashes;
  while (isBlank(text[blanks - 1])) blanks--;
  return hashes < end && blanks < hashes ? text.slice(0, blanks) : text;
}

/** A code fence: its opening mark (``` or ~~~, three or more), and whether it sits in a quote. */
export interface Fence {
  mark: string;
  quoted: boolean;
}

/** The fence a line opens (behind its quote and list marks), with its info string, or null. */
function opening(raw: string): (Fence & { info: string }) | null {
  const quote = QUOTE.exec(raw)?.[0] ?? "";
  const line = raw.slice(quote.length);
  const open = FENCE.exec(line.slice(LIST.exec(line)?.[0].length ?? 0));
  const mark = open?.[1];
  const info = open?.[2] ?? "";
  // A backtick in the info string makes it inline code, not a fence.
  if (!mark || (mark[0] === "`" && info.includes("`"))) return null;
  return { mark, quoted: quote !== "", info: info.trim() };
}

/** The line inside `fence` as code, or null if it closes the fence. */
function inside(raw: string, fence: Fence): string | null {
  const line = fence.quoted ? raw.replace(QUOTE, "") : raw;
  const [, mark = "", info = ""] = FENCE.exec(line) ?? [];
  const closes = mark[0] === fence.mark[0] && mark.length >= fence.mark.length && !info.trim();
  return closes ? null : line;
}

/** Lines that may open or close a fence: no other line changes whether one is open. */
const FENCE_CANDIDATE = /^.*(?:```|~~~).*$/gm;

/** The fence still open where `markdown` ends (an excerpt cut after it starts inside the code), or null. */
export function openFenceAt(markdown: string): Fence | null {
  let fence: Fence | null = null;
  for (const [line] of markdown.matchAll(FENCE_CANDIDATE)) {
    if (!fence) fence = opening(line);
    else if (inside(line, fence) === null) fence = null;
  }
  return fence && { mark: fence.mark, quoted: fence.quoted };
}

/** A table row's cells, side by side. */
const cells = (line: string) =>
  line
    .replace(/^[ \t]*\|/, "")
    .replace(/\|[ \t]*$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .join(" ");

/**
 * `markdown` as plain text: headings, quotes, list markers, tables, fences, code spans, TeX delimiters,
 * emphasis and links lose their marks; the words shown stay, code and TeX as written. What a reader does not
 * see (a link's address, a fence's language, an ordered list's number) is dropped — unless it holds one of
 * the searched `terms`, so every word the search matched can still be highlighted. Raw HTML stays as the
 * text it is, as the chat shows it. Linear in the length of the text.
 */
export function snippetText(markdown: string, terms: readonly string[]): string {
  const held: string[] = [];
  const hold = (text: string) => `\uE000${held.push(text) - 1}\uE001`;
  const restore = (text: string): string =>
    text.replace(HELD, (_, i: string) => restore(held[Number(i)] ?? ""));
  const keep = (text: string) => containsMatch(restore(text), terms);
  const shown = (text: string) => (keep(text) ? hold(text) : "");

  const blocks: string[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push(inlinePlainText(paragraph.join("\n"), hold, keep));
    paragraph = [];
  };
  let fence: (Fence & { code: string[] }) | null = null;
  let table = false;
  const lines = markdown.replace(PRIVATE, hold).split(NEWLINE);
  const displayMath = displayMathReader(lines, (line) => line.replace(QUOTE, ""));
  /** The line after the display math last read: those before it are its TeX. */
  let resume = 0;
  for (const [index, raw] of lines.entries()) {
    if (index < resume) continue;
    if (fence) {
      const code = inside(raw, fence);
      if (code !== null) fence.code.push(code);
      else {
        blocks.push(hold(fence.code.join("\n")));
        fence = null;
      }
      continue;
    }
    const open = opening(raw);
    if (open) {
      endParagraph();
      // The language shows as a label, but is no word of the message, unless it is what was searched for.
      blocks.push(shown(open.info));
      fence = { ...open, code: [] };
      continue;
    }
    const quoted = QUOTE.exec(raw)?.[0] ?? "";
    let line = raw.slice(quoted.length);
    if (!line.trim()) {
      endParagraph();
      table = false;
      continue;
    }
    if (THEMATIC_BREAK.test(line) || SETEXT_EQUALS.test(line)) {
      endParagraph();
      continue;
    }
    if (TABLE_DELIMITER.test(line)) {
      const header = paragraph.pop();
      if (header !== undefined) paragraph.push(cells(header));
      table = true;
      continue;
    }
    const marker = LIST.exec(line)?.[0] ?? "";
    // An ordered list's number shows, but is no word of the message, unless it is what was searched for.
    const number = shown(marker.match(/\d+/g)?.join(" ") ?? "");
    // Display math is a block of its own, even amid a paragraph; in a table it is one more row.
    const math = table ? null : displayMath(line.slice(marker.length), index, quoted !== "");
    if (math) {
      endParagraph();
      blocks.push((number ? `${number} ` : "") + hold(math.tex));
      resume = math.last + 1;
      continue;
    }
    line = (number ? `${number} ` : "") + line.slice(marker.length);
    const definition = DEFINITION.exec(line);
    if (definition) {
      endParagraph();
      blocks.push(shown(definition[1] ?? ""));
      continue;
    }
    if (HEADING.test(line)) {
      endParagraph();
      blocks.push(inlinePlainText(withoutClosingHashes(line.replace(HEADING, "")), hold, keep));
      continue;
    }
    const next = lines[index + 1];
    const row =
      table || line.trimStart().startsWith("|") || (next !== undefined && TABLE_DELIMITER.test(next));
    paragraph.push(row ? cells(line) : line);
  }
  endParagraph();
  if (fence) blocks.push(hold(fence.code.join("\n")));
  return restore(blocks.filter((block) => block !== "").join("\n")).trim();
}
