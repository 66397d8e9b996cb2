// Small real documents made in code: PDF (text or scanned or locked), OOXML, ODF, EPUB, RTF — for tests and the bench.
import { strToU8, zipSync } from "fflate";

const enc = new TextEncoder();
const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A PDF whose pages hold these lines in Helvetica. `scanned` leaves out the text (an image-only scan has
 * no text layer); `locked` adds a Standard Security Handler whose user password is not empty.
 */
export function makePdf(
  pages: readonly (readonly string[])[],
  options: { scanned?: boolean; locked?: boolean } = {},
) {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1;
  const catalog = add("");
  const pagesObj = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const kids: number[] = [];
  for (const lines of pages) {
    const text = options.scanned
      ? "0.5 g 72 400 300 200 re f"
      : `BT /F1 12 Tf 14 TL 72 760 Td ${lines.map((l) => `(${escapePdf(l)}) '`).join(" ")} ET`;
    const content = add(`<< /Length ${enc.encode(text).length} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const encrypt = options.locked
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${"a7".repeat(32)}> /U <${"3c".repeat(32)}> /P -44 >>`)
    : undefined;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(enc.encode(out).length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = enc.encode(out).length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  const id = "<0123456789abcdef0123456789abcdef>";
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  return enc.encode(out);
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A Word document: [style, text] paragraphs (style "Heading1" makes a heading). */
export function makeDocx(paragraphs: readonly (readonly [string | null, string])[]) {
  const body = paragraphs
    .map(
      ([style, text]) =>
        `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`,
    )
    .join("");
  return zipSync({
    "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types/>'),
    "word/document.xml": strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/** A PowerPoint deck: one array of paragraphs per slide (the first is the title). */
export function makePptx(slides: readonly (readonly string[])[]) {
  const files: Record<string, Uint8Array> = { "[Content_Types].xml": strToU8("<Types/>") };
  slides.forEach((paras, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = strToU8(
      `<p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>${paras
        .map((t) => `<p:sp><p:txBody><a:p><a:r><a:t>${xmlEscape(t)}</a:t></a:r></a:p></p:txBody></p:sp>`)
        .join("")}</p:spTree></p:cSld></p:sld>`,
    );
  });
  return zipSync(files);
}

/** An Excel workbook with one sheet; strings go to the shared-strings table, numbers stay inline. */
export function makeXlsx(sheetName: string, rows: readonly (readonly (string | number)[])[]) {
  const shared: string[] = [];
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row
          .map((v, c) => {
            const ref = `${col(c)}${r + 1}`;
            if (typeof v === "number") return `<c r="${ref}"><v>${v}</v></c>`;
            shared.push(v);
            return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
          })
          .join("")}</row>`,
    )
    .join("");
  return zipSync({
    "xl/workbook.xml": strToU8(
      `<workbook><sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1"/></sheets></workbook>`,
    ),
    "xl/sharedStrings.xml": strToU8(
      `<sst>${shared.map((s) => `<si><t>${xmlEscape(s)}</t></si>`).join("")}</sst>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${sheet}</sheetData></worksheet>`),
  });
}

/** An OpenDocument text (odt) or presentation (odp: one page per array). */
export function makeOdf(kind: "odt" | "odp", content: readonly (readonly string[])[]) {
  const paras = (ps: readonly string[]) =>
    ps
      .map((p, i) =>
        i === 0 && kind === "odt"
          ? `<text:h text:outline-level="1">${xmlEscape(p)}</text:h>`
          : `<text:p>${xmlEscape(p)}</text:p>`,
      )
      .join("");
  const body =
    kind === "odt"
      ? `<office:text>${content.map(paras).join("")}</office:text>`
      : `<office:presentation>${content.map((ps, i) => `<draw:page draw:name="p${i + 1}"><draw:frame><draw:text-box>${paras(ps)}</draw:text-box></draw:frame></draw:page>`).join("")}</office:presentation>`;
  return zipSync({
    mimetype: strToU8(`application/vnd.oasis.opendocument.${kind === "odt" ? "text" : "presentation"}`),
    "content.xml": strToU8(
      `<office:document-content><office:body>${body}</office:body></office:document-content>`,
    ),
  });
}

/** An EPUB with one XHTML chapter per entry ([title, paragraphs]). */
export function makeEpub(chapters: readonly (readonly [string, readonly string[]])[]) {
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8("application/epub+zip"),
    "META-INF/container.xml": strToU8(
      '<container><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
  };
  const items = chapters
    .map((_, i) => `<item id="c${i}" href="ch${i}.xhtml" media-type="application/xhtml+xml"/>`)
    .join("");
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join("");
  files["OEBPS/book.opf"] = strToU8(
    `<package><manifest>${items}</manifest><spine>${spine}</spine></package>`,
  );
  chapters.forEach(([title, paras], i) => {
    files[`OEBPS/ch${i}.xhtml`] = strToU8(
      `<html><head><title>${xmlEscape(title)}</title></head><body><h1>${xmlEscape(title)}</h1>${paras.map((p) => `<p>${xmlEscape(p)}</p>`).join("")}</body></html>`,
    );
  });
  return zipSync(files);
}

export function makeRtf(paragraphs: readonly string[]) {
  const body = paragraphs
    .map((p) => p.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/é/g, "\\'e9"))
    .join("\\par\n");
  return enc.encode(
    `{\\rtf1\\ansi{\\fonttbl{\\f0 Helvetica;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Test;}\\f0 ${body}\\par}`,
  );
}
