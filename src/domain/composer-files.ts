// A message's files in the composer: how many one message takes; and which upload rule a refused file broke,
// for the composer's chips and an assistant's file rows alike.
import { MAX_ATTACHMENTS_PER_MESSAGE, UPLOAD_REFUSAL_DETAILS } from "./files.ts";

/**
 * A message carries at most MAX_ATTACHMENTS_PER_MESSAGE files (the send route refuses the whole message
 * otherwise, and no retry helps). Of files `picked` while `held` are attached, the first that fit are taken.
 */
export function withinMessageLimit<T>(
  held: number,
  picked: readonly T[],
  limit = MAX_ATTACHMENTS_PER_MESSAGE,
): { taken: T[]; leftOut: number } {
  const room = Math.max(0, limit - held);
  return { taken: picked.slice(0, room), leftOut: Math.max(0, picked.length - room) };
}

/**
 * Which rule an upload broke, for its chip or row to state: the size limit, the types kept, a name its bytes
 * belie, or (an assistant's file) not a document.
 */
export type RefusalReason = "tooLarge" | keyof typeof UPLOAD_REFUSAL_DETAILS;

/** `judgeUpload`'s `file` details of a 415 (files.ts), by the reason they stand for. */
const BY_DETAIL: Readonly<Record<string, RefusalReason>> = Object.fromEntries(
  Object.entries(UPLOAD_REFUSAL_DETAILS).map(([reason, detail]) => [detail, reason as RefusalReason]),
);

/**
 * The rule an upload's refusal names (`judgeUpload`'s, found in the browser or answered by the server: its
 * code and its `file` detail), or null for any other failure, which says only what its code says.
 */
export function refusalReason(code: string, details: unknown): RefusalReason | null {
  if (code === "payload_too_large") return "tooLarge";
  if (code !== "unsupported_media_type" || !Array.isArray(details)) return null;
  for (const detail of details as unknown[]) {
    if (typeof detail !== "object" || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (path === "file" && typeof message === "string" && Object.hasOwn(BY_DETAIL, message)) {
      return BY_DETAIL[message] ?? null;
    }
  }
  return null;
}
