// The quota gate: check the plan's limit and record the request in one transaction, serialised per account.
import { and, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { subscription, usage, user } from "../../drizzle/schema";
import {
  FAIR_USAGE_RATES,
  type FairUsageRate,
  type FairUsageSubject,
  fairUsageWait,
} from "../domain/fair-usage";
import { isPaidPlan, type Plan, userPlanOf } from "../domain/plans";
import { quotaLimit, USAGE_WINDOW_SECONDS, type UsageCategory } from "../domain/usage";
import type { Database } from "./client";

export type QuotaDecision =
  | { ok: true; plan: Plan; used: number; limit: number }
  | { ok: false; reason: "no_plan"; plan: Plan }
  | { ok: false; reason: "quota"; plan: Plan; used: number; limit: number; retryAfterSeconds: number }
  | { ok: false; reason: "fair_usage"; plan: Plan; retryAfterSeconds: number };

/**
 * Records one request against the account's quota if it fits. A team shares one pool: every member's
 * requests count against the plan's limit times the seats (SPEC §4). The account's owner row is locked
 * first (SELECT … FOR UPDATE), so concurrent requests of one account are checked one after another and
 * at the limit exactly one more gets through. Free models (`free`) skip the quota once the plan is paid.
 *
 * Every request, free or not, then meets the fair-usage `rates` of `ratedAs` under the same lock, so the
 * rate too lets exactly its limit through, however many requests arrive at once: a person is rated on
 * their requests in the app, an API key on its own requests (recorded with its id). A refused request
 * records nothing.
 */
export async function reserveUsage(
  db: Database,
  input: {
    userId: number;
    model: string;
    category: UsageCategory;
    free: boolean;
    now?: Date;
    ratedAs?: FairUsageSubject;
    /** The rates `ratedAs` is held to; the person's fair-usage rates unless told (an API key's own). */
    rates?: readonly FairUsageRate[];
  },
): Promise<QuotaDecision> {
  const ratedAs = input.ratedAs ?? { userId: input.userId };
  const now = input.now ?? new Date();
  const rates = input.rates ?? FAIR_USAGE_RATES;
  const lookbackSeconds = Math.max(...rates.map((r) => r.windowSeconds));
  const maxCounted = Math.max(...rates.map((r) => r.limit));
  return db.transaction(async (tx) => {
    const [own] = await tx.select().from(subscription).where(eq(subscription.userId, input.userId)).limit(1);
    const memberOf =
      own && own.adminUserId !== null && own.adminUserId !== own.userId ? own.adminUserId : null;
    const ownerId = memberOf ?? input.userId;
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${ownerId} for update`);

    const [admin] = memberOf
      ? await tx.select().from(subscription).where(eq(subscription.userId, memberOf)).limit(1)
      : [];
    const plan = userPlanOf(own ?? null, admin ?? null);
    if (!isPaidPlan(plan)) return { ok: false, reason: "no_plan", plan } as const;
    const seats = (memberOf ? admin?.quantity : own?.quantity) ?? 1;
    const limit = quotaLimit(plan, input.category, seats);

    const windowStart = new Date(now.getTime() - USAGE_WINDOW_SECONDS[input.category] * 1000);
    const team = tx
      .select({ id: subscription.userId })
      .from(subscription)
      .where(or(eq(subscription.userId, ownerId), eq(subscription.adminUserId, ownerId)));
    const [counted] = await tx
      .select({ used: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${usage.requestedAt})` })
      .from(usage)
      .where(
        and(
          or(eq(usage.userId, input.userId), inArray(usage.userId, team)),
          eq(usage.category, input.category),
          gt(usage.requestedAt, windowStart),
        ),
      );
    const used = counted?.used ?? 0;
    if (!input.free && used >= limit) {
      const oldest = counted?.oldest ? new Date(counted.oldest).getTime() : now.getTime();
      const freesAt = oldest + USAGE_WINDOW_SECONDS[input.category] * 1000;
      const retryAfterSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
      return { ok: false, reason: "quota", plan, used, limit, retryAfterSeconds } as const;
    }

    // The rate counts the subject's own requests of the last hour, every category and model: a person's
    // in the app, or an API key's.
    const subject =
      ratedAs.apiKeyId !== undefined
        ? eq(usage.apiKeyId, ratedAs.apiKeyId)
        : and(eq(usage.userId, ratedAs.userId), isNull(usage.apiKeyId));
    const recent = await tx
      .select({ at: usage.requestedAt })
      .from(usage)
      .where(and(subject, gt(usage.requestedAt, new Date(now.getTime() - lookbackSeconds * 1000))))
      .orderBy(desc(usage.requestedAt))
      .limit(maxCounted);
    const wait = fairUsageWait(
      recent.map((row) => row.at),
      now,
      rates,
    );
    if (wait !== null) return { ok: false, reason: "fair_usage", plan, retryAfterSeconds: wait } as const;
    await tx.insert(usage).values({
      userId: input.userId,
      model: input.model,
      category: input.category,
      requestedAt: now,
      apiKeyId: ratedAs.apiKeyId ?? null,
    });
    return { ok: true, plan, used: used + 1, limit } as const;
  });
}

/** Takes back a reservation whose request never started (e.g. the chat was busy). */
export async function releaseUsage(
  db: Database,
  { userId, model, at }: { userId: number; model: string; at: Date },
) {
  await db
    .delete(usage)
    .where(and(eq(usage.userId, userId), eq(usage.model, model), eq(usage.requestedAt, at)));
}
