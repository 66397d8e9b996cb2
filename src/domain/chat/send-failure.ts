// A failed send as the chat screen tells it: its SPEC §8 notice and, for a quota or fair-usage refusal, what
// ran out and when sending works again — "You reached your quota" alone leaves the user guessing for how long.
import { FREE_MODELS } from "../models/defaults.ts";
import { USAGE_CATEGORIES, type UsageCategory } from "../models/types.ts";
import { type NoticeKey, noticeOfFailure } from "./message-notices.ts";

export interface SendFailure {
  notice: NoticeKey;
  /** The quota the request was refused by: its category and the limit of its window (seats included). */
  quota?: { category: UsageCategory; limit: number };
  /** Seconds until a request of the same kind is admitted again (the server's Retry-After). */
  retryAfterSeconds?: number;
  /** A model that still answers for the refused category at no quota cost, if the plan has one. */
  freeModel?: string;
}

const isCategory = (value: unknown): value is UsageCategory =>
  typeof value === "string" && (USAGE_CATEGORIES as readonly string[]).includes(value);

/** The category and limit a `quota_reached` refusal names in its details ({ category, used, limit }). */
function quotaOf(details: unknown): SendFailure["quota"] {
  if (typeof details !== "object" || details === null) return undefined;
  const { category, limit } = details as { category?: unknown; limit?: unknown };
  if (!isCategory(category) || typeof limit !== "number" || !Number.isFinite(limit)) return undefined;
  return { category, limit };
}

/** The send failure of an API refusal: its code, its details and its Retry-After in seconds. */
export function sendFailureOf(code: string, details?: unknown, retryAfterSeconds?: number): SendFailure {
  const notice = noticeOfFailure(code, details);
  const wait =
    typeof retryAfterSeconds === "number" && retryAfterSeconds > 0 ? Math.ceil(retryAfterSeconds) : undefined;
  if (notice === "fairUsageLimit") return wait ? { notice, retryAfterSeconds: wait } : { notice };
  if (notice !== "quotaReached") return { notice };
  const quota = quotaOf(details);
  // Free models skip the quota on a paid plan. Text has none of its own; the free reasoning model answers
  // text questions as well.
  const freeModel = quota ? (FREE_MODELS[quota.category] ?? FREE_MODELS.reasoning) : undefined;
  return {
    notice,
    ...(quota ? { quota } : {}),
    ...(wait ? { retryAfterSeconds: wait } : {}),
    ...(freeModel ? { freeModel } : {}),
  };
}

/** A failure with no more to say than its notice (the network, a deleted chat). */
export const plainFailure = (notice: NoticeKey): SendFailure => ({ notice });
