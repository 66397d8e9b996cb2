// The field a server's refusal is about: the path its first detail names ("currentPassword", "emails.2"), so a
// form can mark that field rather than only say the refusal at its top.
import { ApiError } from "./api";

export function refusedField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null;
  const first: unknown = error.details[0];
  return first && typeof first === "object" && "path" in first && typeof first.path === "string"
    ? first.path
    : null;
}
