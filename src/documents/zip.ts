// Reads the parts of a zip container (OOXML, ODF, EPUB) with fflate, refusing what would blow up in memory.
import { strFromU8, unzipSync } from "fflate";
import { DocumentError, unprocessable } from "./problem";

/** More decompressed XML than this is a zip bomb or a document too large to read in a request. */
const MAX_UNZIPPED_BYTES = 150_000_000;

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export type ZipParts = Map<string, string>;

/** The text of every part whose name `wanted` accepts. */
export function readZip(bytes: Uint8Array, wanted: (name: string) => boolean): ZipParts {
  // Office encrypts a password-protected .docx/.xlsx/.pptx into an OLE container, not a zip.
  if (OLE_MAGIC.every((b, i) => bytes[i] === b)) {
    throw unprocessable("an OLE container: password-protected or a legacy binary Office file");
  }
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!wanted(file.name)) return false;
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES) {
          throw new DocumentError("document_too_complex", `over ${MAX_UNZIPPED_BYTES} bytes unzipped`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw unprocessable(`not a readable zip: ${error instanceof Error ? error.message : String(error)}`);
  }
  return new Map(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

/** Numbered parts (`ppt/slides/slide12.xml`) in their numeric order. */
export function numbered(parts: ZipParts, pattern: RegExp): [number, string][] {
  const found: [number, string][] = [];
  for (const [name, xml] of parts) {
    const match = pattern.exec(name);
    if (match?.[1]) found.push([Number(match[1]), xml]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}
