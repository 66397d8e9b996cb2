// Cuts a document's text into overlapping passages along its structure (headings, paragraphs, pages, rows).
import { DOCUMENT_LIMITS } from "./formats";

/** One structural unit an extractor found: a paragraph, a table row, a slide, a subtitle cue. */
export interface TextBlock {
  text: string;
  /** 1-based page (PDF) or slide number, where the format has them. */
  page?: number;
  /** The nearest heading above the block, if the format marks headings. */
  heading?: string;
  /** A heading starts a new passage rather than ending up in the middle of one. */
  isHeading?: boolean;
}

export interface Passage {
  index: number;
  text: string;
  page?: number;
  pageEnd?: number;
  heading?: string;
}

interface Options {
  chunkChars?: number;
  overlapChars?: number;
}

const collapse = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();

/** Splits a block longer than a passage at sentence ends, else at spaces, else hard. */
function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentence = Math.max(window.lastIndexOf(". "), window.lastIndexOf("\n"), window.lastIndexOf("? "));
    const space = window.lastIndexOf(" ");
    const cut = sentence > max / 2 ? sentence + 1 : space > max / 2 ? space : max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The last `chars` characters of a passage, starting at a word. */
function tail(text: string, chars: number): string {
  if (chars <= 0 || text.length <= chars) return chars <= 0 ? "" : text;
  const slice = text.slice(text.length - chars);
  const space = slice.indexOf(" ");
  return space >= 0 && space < chars / 2 ? slice.slice(space + 1) : slice;
}

/** Passages of about `chunkChars` characters, each repeating the end of the one before. */
export function chunkBlocks(blocks: readonly TextBlock[], options: Options = {}): Passage[] {
  const max = options.chunkChars ?? DOCUMENT_LIMITS.chunkChars;
  const overlap = Math.min(options.overlapChars ?? DOCUMENT_LIMITS.overlapChars, Math.floor(max / 2));
  const passages: Passage[] = [];
  let text = "";
  let fresh = false;
  let page: number | undefined;
  let pageEnd: number | undefined;
  let heading: string | undefined;

  const emit = () => {
    if (fresh && text.trim()) {
      passages.push({
        index: passages.length,
        text: text.trim(),
        ...(page !== undefined ? { page, pageEnd: pageEnd ?? page } : {}),
        ...(heading ? { heading } : {}),
      });
    }
    text = tail(text.trim(), overlap);
    fresh = false;
    // A passage is labelled with the pages of its new text, not of the overlap it repeats.
    page = undefined;
    pageEnd = undefined;
  };

  for (const block of blocks) {
    const clean = collapse(block.text);
    if (!clean) continue;
    // A heading or a new page closes a passage that has grown to half size, so sections stay apart.
    const newPage = block.page !== undefined && pageEnd !== undefined && block.page !== pageEnd;
    if ((block.isHeading || newPage) && fresh && text.length >= max / 2) {
      emit();
      if (block.isHeading) text = "";
    }
    for (const piece of pieces(clean, max - overlap)) {
      if (fresh && text.length + piece.length + 1 > max) emit();
      if (!fresh) {
        page = block.page;
        heading = block.isHeading ? clean.slice(0, 200) : (block.heading ?? heading);
      }
      text = text ? `${text}\n${piece}` : piece;
      fresh = true;
      if (block.page !== undefined) pageEnd = block.page;
      if (block.isHeading) heading = clean.slice(0, 200);
    }
  }
  emit();
  return passages;
}
