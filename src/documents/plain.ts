// Plain-text documents: prose, markdown, code and config, CSV, subtitles and RTF.
import type { TextBlock } from "../domain/documents/chunk";
import { tableBlocks } from "./ooxml";
import { unprocessable } from "./problem";

/** UTF-8 (with or without BOM), else UTF-16 when it says so; binary bytes are not a text document. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const text = new TextDecoder("utf-8").decode(bytes);
  if (text.slice(0, 8000).includes("\u0000")) throw unprocessable("binary content in a text document");
  return text.replace(/^\uFEFF/, "");
}

/** Paragraphs (blank-line separated); markdown `#` headings start sections. */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let heading: string | undefined;
  for (const paragraph of text.split(/\r?\n\s*\r?\n/)) {
    const trimmed = paragraph.trim();
    if (!trimmed) continue;
    const title = /^#{1,6}\s+(.+)$/m.exec(trimmed.split("\n")[0] ?? "")?.[1];
    if (title) heading = title.trim();
    blocks.push({ text: trimmed, heading, isHeading: Boolean(title) });
  }
  return blocks;
}

/** RFC 4180 CSV (quotes, doubled quotes, newlines in quotes); a tab-separated file when tabs win. */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const separator = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? "\t" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim()));
}

export const csvBlocks = (text: string): TextBlock[] => tableBlocks(parseCsv(text));

/** SRT/VTT cues without their numbers and timings, a cue a line. */
export function subtitleBlocks(text: string): TextBlock[] {
  const cues = text
    .replace(/^WEBVTT[^\n]*\n/, "")
    .split(/\r?\n\s*\r?\n/)
    .map((cue) =>
      cue
        .split(/\r?\n/)
        .filter(
          (line) => !/^\d+$/.test(line.trim()) && !/-->/.test(line) && !/^(NOTE|STYLE|REGION)\b/.test(line),
        )
        .join(" ")
        .replace(/<[^>]+>/g, "")
        .trim(),
    )
    .filter(Boolean);
  // Cues are short: group them so a passage carries a few sentences of dialogue.
  const blocks: TextBlock[] = [];
  for (let i = 0; i < cues.length; i += 8) blocks.push({ text: cues.slice(i, i + 8).join(" ") });
  return blocks;
}

/** RFC-style RTF to text: groups of fonts/colours/pictures dropped, control words out, escapes decoded. */
export function rtfText(rtf: string): string {
  if (!rtf.startsWith("{\\rtf")) throw unprocessable("not RTF");
  const out: string[] = [];
  const skipDepths: number[] = [];
  let depth = 0;
  const skipping = () => skipDepths.length > 0;
  const token = /\\([a-z]+)(-?\d+)? ?|\\'([0-9a-f]{2})|\\([^a-z])|([{}])|([^\\{}]+)/gi;
  let last = "";
  for (const m of rtf.matchAll(token)) {
    const [, word, , hex, symbol, brace, text] = m;
    if (brace === "{") depth++;
    else if (brace === "}") {
      if (skipDepths.at(-1) === depth) skipDepths.pop();
      depth--;
    } else if (word) {
      if (
        /^(fonttbl|colortbl|stylesheet|info|pict|object|header|footer|themedata|datastore|latentstyles)$/.test(
          word,
        ) ||
        last === "*"
      ) {
        if (!skipping() || skipDepths.at(-1) !== depth) skipDepths.push(depth);
      } else if (!skipping() && /^(par|line|row|sect|page)$/.test(word)) out.push("\n");
      else if (!skipping() && word === "tab") out.push("\t");
      else if (!skipping() && word === "cell") out.push(" | ");
      last = word;
      continue;
    } else if (hex && !skipping()) out.push(String.fromCharCode(Number.parseInt(hex, 16)));
    else if (symbol === "*") {
      last = "*";
      continue;
    } else if (symbol && !skipping() && "\\{}".includes(symbol)) out.push(symbol);
    else if (text && !skipping()) out.push(text.replace(/\r?\n/g, ""));
    last = "";
  }
  return out.join("").replace(/\n{3,}/g, "\n\n");
}
