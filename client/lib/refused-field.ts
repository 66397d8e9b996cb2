// The field a server's refusal is about: the path its first detail names ("currentPassword", "emails.2"), so a
// form can mark that field rather than only say the refusal at its top.
import { refusedPath } from "../../src/domain/error-codes";
import { ApiError } from "./api";

export const refusedField = (error: unknown): string | null =>
  error instanceof ApiError ? refusedPath(error.details) : null;
