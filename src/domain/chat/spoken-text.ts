// An answer's markdown as the chat's live region says it (answer-announcements.ts): the plain text a reader
// sees (snippetText), with each formula said as symbols (spoken-math.ts) and a table row by row — in a quote
// or a list item as well, where the renderer finds them behind the marks (markdown-containers.ts).
import { openFenceAt, snippetText } from "../snippet-text.ts";
import { displayMathAt, tableAt } from "./contained-blocks.ts";
import { normalizeNewlines } from "./markdown-blocks.ts";
import { type Container, readContainers } from "./markdown-containers.ts";
import { opensBlockMath } from "./markdown-math.ts";
import { literal, sentence, spokenInline, spokenRow, unmarked } from "./spoken-inline.ts";
import { spokenMath } from "./spoken-math.ts";

/** A heading line's marks (`## `), and the blanks after them. */
const ATX_OPENING = /^( {0,3}#{1,6})[ \t]+/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * `markdown` as the words a screen reader should say: what a reader sees, no markup. A formula (where the
 * renderer finds one: markdown-math.ts, so "$5 and $10" stays money) is said as symbols; a table row by row,
 * its cells joined by commas and each row ended as a sentence ("Name, Age. Ann, 31."), where snippetText
 * runs every cell together. Code stays as written, each line after the other: it is read as the words and
 * signs it is, which is what a reader asked for code wants to hear.
 */
export function spokenText(markdown: string): string {
  return snippetText(speakable(normalizeNewlines(markdown).split("\n")), []);
}

/**
 * The lines with their formulas said and their tables as sentences, still markdown for snippetText. A block in
 * a quote or a list item is read behind their marks (which are dropped: snippetText drops them too).
 */
function speakable(lines: readonly string[]): string {
  const out: string[] = [];
  /** The containers open at the line read last. */
  let open: readonly Container[] = [];
  let paragraph: string[] = [];
  let paragraphInItem = false;
  /**
   * In a list item, where in `out` the words it said last are: ended as a sentence where its run of text ends
   * (a blank line, another block, the item's end), or the items run together ("one two").
   */
  let itemWords = -1;
  const endParagraph = () => {
    const words = paragraph.length > 0 ? spokenInline(paragraph.join("\n")) : "";
    if (words) out.push(words);
    if (words && paragraphInItem) itemWords = out.length - 1;
    paragraph = [];
  };
  const endBlock = () => {
    endParagraph();
    if (itemWords >= 0) out[itemWords] = sentence(out[itemWords] as string);
    itemWords = -1;
  };
  const mathAt = displayMathAt(lines);
  /** The line that opened the code fence we are in. */
  let fence: string | null = null;
  let i = 0;
  while (i < lines.length) {
    const raw = lines[i] as string;
    i++;
    if (fence !== null) {
      out.push(raw);
      if (!openFenceAt(`${fence}\n${raw}`)) fence = null;
      continue;
    }
    const line = readContainers(raw, open, paragraph.length > 0);
    if (line.opens || line.containers !== open) endBlock();
    open = line.containers;
    const { body } = line;
    const inItem = open.some((container) => container.kind === "item");
    if (openFenceAt(raw)) {
      endBlock();
      out.push(raw);
      fence = raw;
      continue;
    }
    const math = opensBlockMath(body) ? mathAt(i - 1, body, open) : null;
    if (math) {
      // A formula standing as a block of its own ends as a sentence, unless the words after it carry the
      // sentence on ("…is $$x$$ so with…"); one inside a paragraph goes on with it. In a list item, the
      // item's words end as a sentence where they end, as a paragraph's do.
      const alone = paragraph.length === 0;
      endParagraph();
      i = math.last + 1;
      const said = spokenMath(math.text);
      const next = i < lines.length ? readContainers(lines[i] as string, open, false) : null;
      const goesOn = next !== null && next.body.trim() !== "" && !next.opens && next.containers === open;
      const ends = !inItem && alone && !goesOn && !lowercaseAfter(lines, i, open);
      out.push("", unmarked(literal(ends ? sentence(said) : said)), "");
      if (inItem) itemWords = out.length - 2;
      if (inItem && !goesOn) endBlock();
      continue;
    }
    const rows = body.includes("|") ? tableAt(lines, i, open) : null;
    if (rows) {
      endBlock();
      paragraph = [spokenRow(body), ...rows.map(spokenRow)];
      paragraphInItem = inItem;
      endParagraph();
      // Past the header, the delimiter row and the rows.
      i += rows.length + 1;
      continue;
    }
    const heading = headingAt(body);
    if (heading) {
      // Said as a sentence of its own: a heading ran into the paragraph after it ("About Tell me about…").
      endBlock();
      const { marks, words } = heading;
      out.push(words ? `${marks} ${sentence(spokenInline(words))}` : body);
      continue;
    }
    if (!body.trim()) {
      endBlock();
      out.push("");
      continue;
    }
    if (paragraph.length === 0) paragraphInItem = inItem;
    // A line that goes on with a paragraph ("1986. was good") reads as words, not as a mark, as it shows.
    paragraph.push(THEMATIC_BREAK.test(body) ? body : unmarked(body));
  }
  endBlock();
  return out.join("\n");
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * A heading line (`## Words ##`): its marks, and its words without the closing marks, or null. Its end is
 * read back from the line's end once: a pattern that tried the closing marks after each of its characters
 * read the blanks after it each time, seconds for a heading with a long run of blanks.
 */
export function headingAt(body: string): { marks: string; words: string } | null {
  const opening = ATX_OPENING.exec(body);
  if (!opening) return null;
  const rest = body.slice(opening[0].length);
  // Characters that end a line to a pattern's `.`: a heading holding one was none to the pattern read before.
  if (/[\n\r\u2028\u2029]/.test(rest)) return null;
  let end = rest.length;
  while (isBlank(rest[end - 1])) end--;
  let hashes = end;
  while (rest[hashes - 1] === "#") hashes--;
  let blanks = hashes;
  while (isBlank(rest[blanks - 1])) blanks--;
  // Closing marks are a run of `#` ending the line, blanks before it.
  const words = hashes < end && blanks < hashes ? rest.slice(0, blanks) : rest.slice(0, end);
  return { marks: opening[1] as string, words };
}

/** Whether the words after a formula, past blank lines, start in lowercase in its containers (a sentence goes on). */
function lowercaseAfter(lines: readonly string[], from: number, open: readonly Container[]): boolean {
  let containers = open;
  for (let k = from; k < lines.length; k++) {
    const line = readContainers(lines[k] as string, containers, false);
    if (line.body.trim()) return !line.opens && line.containers === open && /^\s*\p{Ll}/u.test(line.body);
    containers = line.containers;
  }
  return false;
}
