// The quota gate of a send, as the HTTP errors the client acts on (402 no plan, 429 over the quota or the
// fair-usage rate).
import type { Database } from "../db/client";
import { type QuotaDecision, releaseUsage, reserveUsage, type UsageRequest } from "../db/quota";
import { isFreeModel, type ModelEntry, usageCategoryOf } from "../domain/models";
import { AppError } from "../errors";

/** One request recorded against the user's quota, to take back if the answer never starts. */
export interface Reservation {
  userId: number;
  model: string;
  at: Date;
}

/** What a send asks of the quota (whoever asks): its category, whether it is free, and when. */
export type UsageAsk = Omit<UsageRequest, "userId"> & { now: Date };

/** The request a send makes of the quota: its category, whether it is free, and when. */
export function usageRequestOf({
  model,
  hasDocuments = false,
}: {
  model: ModelEntry;
  hasDocuments?: boolean;
}): UsageAsk {
  const category = usageCategoryOf(model, { hasDocuments });
  return { model: model.key, category, free: isFreeModel(model.key), now: new Date() };
}

/** The reservation a granted request of `userId` made, or the 402/429 a refused one answers. */
export function reservationOf(userId: number, request: UsageAsk, quota: QuotaDecision): Reservation {
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
      details: { category: request.category, used: quota.used, limit: quota.limit },
      headers: { "Retry-After": String(quota.retryAfterSeconds) },
    });
  }
  return { userId, model: request.model, at: request.now };
}

/** Records one request against the user's quota, or throws the 402/429 the client acts on. */
export async function reserveQuota(
  db: Database,
  input: { userId: number; model: ModelEntry; hasDocuments?: boolean },
): Promise<Reservation> {
  const request = usageRequestOf(input);
  return reservationOf(input.userId, request, await reserveUsage(db, { ...request, userId: input.userId }));
}

export const releaseQuota = (db: Database, reservation: Reservation) => releaseUsage(db, reservation);
