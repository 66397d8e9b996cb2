// The one error the document pipeline throws: which SPEC §8 case it is, and why (for the log, never the user).
import type { DocumentProblem } from "../domain/documents/formats";

export class DocumentError extends Error {
  readonly problem: DocumentProblem;
  readonly reason: string;

  constructor(problem: DocumentProblem, reason: string) {
    super(`${problem}: ${reason}`);
    this.name = "DocumentError";
    this.problem = problem;
    this.reason = reason;
  }
}

/** Shorthand for the common case: the file itself is unreadable (scanned, locked, corrupt). */
export const unprocessable = (reason: string) => new DocumentError("document_unprocessable", reason);
