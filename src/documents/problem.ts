// The one error the document pipeline throws: which SPEC §8 case it is, and why (for the log, never the user).
import type { DocumentProblem } from "../domain/documents/formats";

export class DocumentError extends Error {
  constructor(
    readonly problem: DocumentProblem,
    readonly reason: string,
  ) {
    super(`${problem}: ${reason}`);
    this.name = "DocumentError";
  }
}

/** Shorthand for the common case: the file itself is unreadable (scanned, locked, corrupt). */
export const unprocessable = (reason: string) => new DocumentError("document_unprocessable", reason);
