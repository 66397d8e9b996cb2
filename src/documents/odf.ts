// OpenDocument text, presentations and spreadsheets (odt, odp, ods), and EPUB books.
import type { TextBlock } from "../domain/documents/chunk";
import { tableBlocks } from "./ooxml";
import { unprocessable } from "./problem";
import { attribute, stripTags } from "./xml";
import { readZip } from "./zip";

function contentXml(bytes: Uint8Array): string {
  const xml = readZip(bytes, (name) => name === "content.xml").get("content.xml");
  if (xml === undefined) throw unprocessable("no content.xml");
  return xml;
}

/** Headings and paragraphs of an ODF fragment, in order. */
function paragraphs(xml: string, page?: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  let heading: string | undefined;
  for (const m of xml.matchAll(/<text:(h|p)\b[^>]*>([\s\S]*?)<\/text:\1>/g)) {
    const text = stripTags(m[2] ?? "").trim();
    if (!text) continue;
    const isHeading = m[1] === "h";
    if (isHeading) heading = text;
    blocks.push({ text, heading, isHeading, ...(page !== undefined ? { page } : {}) });
  }
  return blocks;
}

export const readOdt = (bytes: Uint8Array): TextBlock[] => paragraphs(contentXml(bytes));

export function readOdp(bytes: Uint8Array): TextBlock[] {
  const pages = Array.from(contentXml(bytes).matchAll(/<draw:page\b[^>]*>([\s\S]*?)<\/draw:page>/g));
  if (pages.length === 0) throw unprocessable("no slides");
  return pages.flatMap((m, i) => paragraphs(m[1] ?? "", i + 1));
}

export function readOds(bytes: Uint8Array): TextBlock[] {
  const tables = Array.from(contentXml(bytes).matchAll(/<table:table\b([^>]*)>([\s\S]*?)<\/table:table>/g));
  return tables.flatMap((table) => {
    const name = /table:name="([^"]*)"/.exec(table[1] ?? "")?.[1];
    const rows = Array.from(
      (table[2] ?? "").matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g),
      (row) =>
        Array.from(
          (row[1] ?? "").matchAll(/<table:table-cell\b[^>]*?(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g),
          (cell) => stripTags(cell[1] ?? "").trim(),
        ),
    );
    return tableBlocks(rows, name);
  });
}

/** An EPUB's chapters in reading order (its spine), each chapter's headings and paragraphs. */
export function readEpub(bytes: Uint8Array): TextBlock[] {
  const parts = readZip(bytes, (name) => /\.(xml|opf|x?html?)$/i.test(name));
  const rootPath = attribute(parts.get("META-INF/container.xml") ?? "", "rootfile", "full-path");
  const opf = rootPath ? parts.get(rootPath) : undefined;
  if (!rootPath || opf === undefined) throw unprocessable("no EPUB package document");
  const base = rootPath.includes("/") ? rootPath.slice(0, rootPath.lastIndexOf("/") + 1) : "";
  const hrefs = new Map<string, string>();
  for (const item of opf.matchAll(/<item\b[^>]*>/g)) {
    const id = /\bid="([^"]*)"/.exec(item[0])?.[1];
    const href = /\bhref="([^"]*)"/.exec(item[0])?.[1];
    if (id && href) hrefs.set(id, decodeURIComponent(href));
  }
  const spine = Array.from(opf.matchAll(/<itemref\b[^>]*\bidref="([^"]*)"/g), (m) => hrefs.get(m[1] ?? ""));
  const blocks: TextBlock[] = [];
  for (const href of spine) {
    const html = href ? parts.get(base + href) : undefined;
    if (html !== undefined) blocks.push(...htmlBlocks(html));
  }
  return blocks;
}

/** Headings and paragraphs of an HTML/XHTML page (a chapter, or an uploaded .html document). */
export function htmlBlocks(html: string): TextBlock[] {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const blocks: TextBlock[] = [];
  let heading: string | undefined;
  for (const m of body.matchAll(/<(h[1-6]|p|li|td|th|pre|blockquote|dd|dt)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const text = stripTags(m[2] ?? "").trim();
    if (!text) continue;
    const isHeading = /^h/i.test(m[1] ?? "");
    if (isHeading) heading = text;
    blocks.push({ text, heading, isHeading });
  }
  // A page without those elements still has text.
  if (blocks.length === 0) {
    const text = stripTags(body).trim();
    if (text) blocks.push({ text });
  }
  return blocks;
}
