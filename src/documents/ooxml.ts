// Word, PowerPoint and Excel (Office Open XML): paragraphs with their headings, slides as pages, rows as lines.
import type { TextBlock } from "../domain/documents/chunk";
import { unprocessable } from "./problem";
import { attribute, decodeEntities, elements, runs } from "./xml";
import { numbered, readZip } from "./zip";

export function readDocx(bytes: Uint8Array): TextBlock[] {
  const parts = readZip(bytes, (name) => name === "word/document.xml");
  const xml = parts.get("word/document.xml");
  if (xml === undefined) throw unprocessable("no word/document.xml");
  const blocks: TextBlock[] = [];
  let heading: string | undefined;
  for (const paragraph of elements(xml, "w:p")) {
    const text = runs(paragraph, "w:t").trim();
    if (!text) continue;
    const style = attribute(paragraph, "w:pStyle", "w:val") ?? "";
    const isHeading = /^(heading|title|berschrift|titre)/i.test(style);
    if (isHeading) heading = text;
    blocks.push({ text, heading, isHeading });
  }
  return blocks;
}

export function readPptx(bytes: Uint8Array): TextBlock[] {
  const parts = readZip(bytes, (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  const slides = numbered(parts, /^ppt\/slides\/slide(\d+)\.xml$/);
  if (slides.length === 0) throw unprocessable("no slides");
  return slides.flatMap(([page, xml]) => {
    const lines = elements(xml, "a:p")
      .map((p) => runs(p, "a:t").trim())
      .filter(Boolean);
    return lines.map((text, i) => ({ text, page, heading: lines[0], isHeading: i === 0 }));
  });
}

/** A cell's column letters (`B` of `B12`) as a 0-based index. */
function column(ref: string | undefined, fallback: number): number {
  const letters = /^[A-Z]+/.exec(ref ?? "")?.[0];
  if (!letters) return fallback;
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

export function readXlsx(bytes: Uint8Array): TextBlock[] {
  const parts = readZip(
    bytes,
    (name) =>
      name === "xl/sharedStrings.xml" ||
      name === "xl/workbook.xml" ||
      /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
  );
  const shared = elements(parts.get("xl/sharedStrings.xml") ?? "", "si").map((si) => runs(si, "t"));
  const names = Array.from(
    (parts.get("xl/workbook.xml") ?? "").matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g),
    (m) => decodeEntities(m[1] ?? ""),
  );
  const sheets = numbered(parts, /^xl\/worksheets\/sheet(\d+)\.xml$/);
  if (sheets.length === 0) throw unprocessable("no worksheets");
  return sheets.flatMap(([n, xml], i) => {
    const sheet = names[i] ?? `Sheet ${n}`;
    const rows = Array.from(xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g), (row) => {
      const cells: string[] = [];
      for (const cell of (row[1] ?? "").matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attrs = cell[1] ?? "";
        const inner = cell[2] ?? "";
        const type = /\bt="(\w+)"/.exec(attrs)?.[1];
        const raw =
          type === "inlineStr"
            ? runs(inner, "t")
            : decodeEntities(/<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? "");
        const value = type === "s" ? (shared[Number(raw)] ?? "") : raw;
        cells[column(/\br="([A-Z]+\d+)"/.exec(attrs)?.[1], cells.length)] = value.trim();
      }
      return cells;
    });
    return tableBlocks(rows, sheet);
  });
}

/** Rows as lines that name their columns (`Price: 3`), so a passage cut from the middle still makes sense. */
export function tableBlocks(
  rows: readonly (readonly (string | undefined)[])[],
  heading?: string,
): TextBlock[] {
  const header = rows[0] ?? [];
  const named = header.some((h) => h && !/^-?[\d.,]+$/.test(h));
  return rows.flatMap((row, i) => {
    const cells = Array.from(row, (value, c) =>
      value ? (named && i > 0 && header[c] ? `${header[c]}: ${value}` : value) : "",
    ).filter(Boolean);
    return cells.length ? [{ text: cells.join(" | "), heading }] : [];
  });
}
