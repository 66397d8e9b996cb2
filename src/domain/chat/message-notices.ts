// Which SPEC §8 message a model message or a failed send shows, as catalogue keys the client localises.
import type { SendErrorCode, StreamErrorCode } from "../error-codes.ts";

/** The SPEC §8 messages the chat screen can show, by catalogue key. */
export const NOTICE_KEYS = [
  "stopped",
  "notSaved",
  "imageTimeout",
  "imageError",
  "documentsTooLarge",
  "documentPipeline",
  "documentUnprocessable",
  "unableToProcess",
  "unableToProcessLater",
  "documentTooComplex",
  "providerUnavailable",
  "modelUnavailable",
  "fairUsageLimit",
  "quotaReached",
  "subscriptionRequired",
  "generationInProgress",
  "network",
  "chatGone",
  "tooManyFiles",
  "messageRefused",
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** Every code a send or a generation can end with has its SPEC §8 notice. */
const BY_CODE: Readonly<Record<SendErrorCode | StreamErrorCode, NoticeKey>> = {
  provider_unavailable: "providerUnavailable",
  fair_usage_limit: "fairUsageLimit",
  image_timeout: "imageTimeout",
  image_error: "imageError",
  unable_to_process: "unableToProcess",
  document_unprocessable: "documentUnprocessable",
  document_too_complex: "documentTooComplex",
  document_pipeline_error: "documentPipeline",
  quota_reached: "quotaReached",
  subscription_required: "subscriptionRequired",
  generation_in_progress: "generationInProgress",
  model_unavailable: "modelUnavailable",
  documents_too_large: "documentsTooLarge",
};

const isNoticeCode = (code: string): code is keyof typeof BY_CODE => Object.hasOwn(BY_CODE, code);

/** A server error code as a notice; any other failure still tells the user something true. */
export const noticeOfCode = (code: string): NoticeKey =>
  isNoticeCode(code) ? BY_CODE[code] : "unableToProcessLater";

/** Whether a refused request's details name this field itself (not one of its items: `attachmentIds.3`). */
const namesField = (details: unknown, field: string): boolean =>
  Array.isArray(details) &&
  details.some((detail: unknown) => {
    const path = typeof detail === "object" && detail !== null ? (detail as { path?: unknown }).path : null;
    return path === field;
  });

/**
 * A failed send as its notice. A message the server refused as invalid says what was wrong, not "try
 * again": the same message would be refused again (too many files: the route's limit on `attachmentIds`).
 */
export function noticeOfFailure(code: string, details?: unknown): NoticeKey {
  if (code !== "invalid_input" && code !== "bad_request") return noticeOfCode(code);
  return namesField(details, "attachmentIds") ? "tooManyFiles" : "messageRefused";
}

export interface NoticeSubject {
  metadata: { done?: unknown; outcome?: unknown; error?: { code?: unknown } | null };
}

/**
 * What a model message says beside its text: its error, "Generation Stopped", or — for an answer whose
 * stream is gone while it was never finished — "Response could not be saved". `streamLost` is the
 * client's knowledge that the live stream has nothing more for it.
 */
export function messageNotice(message: NoticeSubject, streamLost = false): NoticeKey | null {
  const error = message.metadata.error;
  if (error && typeof error.code === "string") return noticeOfCode(error.code);
  if (message.metadata.outcome === "stopped") return "stopped";
  if (message.metadata.outcome === "error") return "unableToProcess";
  if (message.metadata.done === false && streamLost) return "notSaved";
  return null;
}

/** Failures a retry can help with (a quota or a plan needs something else first; a deleted chat is gone). */
export const isRetryable = (notice: NoticeKey): boolean =>
  notice !== "quotaReached" &&
  notice !== "subscriptionRequired" &&
  notice !== "stopped" &&
  notice !== "chatGone" &&
  notice !== "tooManyFiles" &&
  notice !== "messageRefused";

/**
 * Whether the answer keeps its "Regenerate" action beside its notice: a stopped answer does — the user cut
 * it short, and another try (maybe with another model) is the usual next step; a failed one offers its
 * notice's own retry instead.
 */
export const keepsRegenerate = (notice: NoticeKey | null): boolean => notice === null || notice === "stopped";
