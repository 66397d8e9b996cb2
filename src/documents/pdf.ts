// PDF text, page by page, with unpdf (PDF.js built for serverless runtimes: no worker thread, no DOM, no canvas).
import type { TextBlock } from "../domain/documents/chunk";
import { DOCUMENT_LIMITS } from "../domain/documents/formats";
import { DocumentError, unprocessable } from "./problem";

export async function readPdf(bytes: Uint8Array): Promise<TextBlock[]> {
  // Loaded on first use: PDF.js is most of the pipeline's code and most requests never read a PDF.
  const { extractText, getDocumentProxy } = await import("unpdf");
  let pages: string[];
  try {
    // PDF.js takes ownership of (detaches) the buffer it is given.
    const pdf = await getDocumentProxy(bytes.slice());
    if (pdf.numPages > DOCUMENT_LIMITS.maxPages) {
      throw new DocumentError("document_too_complex", `${pdf.numPages} pages`);
    }
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    const name = error instanceof Error ? error.name : "";
    if (name === "PasswordException") throw unprocessable("password-protected PDF");
    throw unprocessable(`unreadable PDF (${name || String(error)})`);
  }
  const blocks = pages.flatMap((text, i): TextBlock[] =>
    text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => ({ text: paragraph, page: i + 1 })),
  );
  // Pages but no text layer: a scan, which would otherwise reach the model as an empty document.
  if (blocks.length === 0) throw unprocessable("no text layer (a scanned PDF?)");
  return blocks;
}
