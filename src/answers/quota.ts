// The quota gate of a send, as the HTTP errors the client acts on (402 no plan, 429 over the quota or the
// fair-usage rate).
import type { Database } from "../db/client";
import { releaseUsage, reserveUsage } from "../db/quota";
import { isFreeModel, type ModelEntry, usageCategoryOf } from "../domain/models";
import { AppError } from "../errors";

/** One request recorded against the user's quota, to take back if the answer never starts. */
export interface Reservation {
  userId: number;
  model: string;
  at: Date;
}

/** Records one request against the user's quota, or throws the 402/429 the client acts on. */
export async function reserveQuota(
  db: Database,
  { userId, model, hasDocuments = false }: { userId: number; model: ModelEntry; hasDocuments?: boolean },
): Promise<Reservation> {
  const category = usageCategoryOf(model, { hasDocuments });
  const now = new Date();
  const quota = await reserveUsage(db, {
    userId,
    model: model.key,
    category,
    free: isFreeModel(model.key),
    now,
  });
  if (!quota.ok && quota.reason === "no_plan") {
    throw new AppError(402, "subscription_required", "Choose a plan to start chatting.");
  }
  if (!quota.ok && quota.reason === "fair_usage") {
    // SPEC §8's wording; the client shows it as the send's notice and may retry after Retry-After.
    throw new AppError(429, "fair_usage_limit", "You have temporarily reached your fair usage limit.", {
      details: { retryAfterSeconds: quota.retryAfterSeconds },
      headers: { "Retry-After": String(quota.retryAfterSeconds) },
    });
  }
  if (!quota.ok) {
    throw new AppError(429, "quota_reached", "You reached your quota.", {
      details: { category, used: quota.used, limit: quota.limit },
      headers: { "Retry-After": String(quota.retryAfterSeconds) },
    });
  }
  return { userId, model: model.key, at: now };
}

export const releaseQuota = (db: Database, reservation: Reservation) => releaseUsage(db, reservation);
