// A document's bytes → its text as structural blocks, by format; every failure is a DocumentError.
import type { TextBlock } from "../domain/documents/chunk";
import { DOCUMENT_LIMITS, documentFormat } from "../domain/documents/formats";
import { htmlBlocks, readEpub, readOdp, readOds, readOdt } from "./odf";
import { readDocx, readPptx, readXlsx } from "./ooxml";
import { readPdf } from "./pdf";
import { csvBlocks, decodeText, rtfText, subtitleBlocks, textBlocks } from "./plain";
import { DocumentError } from "./problem";

async function blocksOf(bytes: Uint8Array, name: string): Promise<TextBlock[]> {
  const format = documentFormat(name);
  switch (format) {
    case "pdf":
      return readPdf(bytes);
    case "docx":
      return readDocx(bytes);
    case "pptx":
      return readPptx(bytes);
    case "xlsx":
      return readXlsx(bytes);
    case "odt":
      return readOdt(bytes);
    case "odp":
      return readOdp(bytes);
    case "ods":
      return readOds(bytes);
    case "epub":
      return readEpub(bytes);
    case "rtf":
      return textBlocks(rtfText(decodeText(bytes)));
    case "csv":
      return csvBlocks(decodeText(bytes));
    case "subtitle":
      return subtitleBlocks(decodeText(bytes));
    case "html":
      return htmlBlocks(decodeText(bytes));
    case "text":
      return textBlocks(decodeText(bytes));
    case null:
      throw new DocumentError("document_unprocessable", `not a document type we read: ${name}`);
  }
}

/** The text of a document, refused when it has none or is too large to read here. */
export async function extractDocument(bytes: Uint8Array, name: string): Promise<TextBlock[]> {
  let blocks: TextBlock[];
  try {
    blocks = await blocksOf(bytes, name);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(
      "document_pipeline_error",
      error instanceof Error ? error.message : String(error),
    );
  }
  const chars = blocks.reduce((n, b) => n + b.text.length, 0);
  if (chars > DOCUMENT_LIMITS.maxTextChars) {
    throw new DocumentError("document_too_complex", `${chars} characters of text`);
  }
  if (chars === 0) throw new DocumentError("document_unprocessable", "no text");
  return blocks;
}
