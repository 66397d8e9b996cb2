// The quota gate: check the plan's limit and the fair-usage rate and record the request in one statement,
// serialised per account.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { usage } from "../../drizzle/schema";
import { FAIR_USAGE_RATES, type FairUsageRate, type FairUsageSubject } from "../domain/fair-usage";
import { PAID_PLANS, PLAN_AMOUNTS, type Plan, planOf } from "../domain/plans";
import { quotaLimit, USAGE_WINDOW_SECONDS, type UsageCategory } from "../domain/usage";
import type { Database } from "./client";

export type QuotaDecision =
  | { ok: true; plan: Plan; used: number; limit: number }
  | { ok: false; reason: "no_plan"; plan: Plan }
  | { ok: false; reason: "quota"; plan: Plan; used: number; limit: number; retryAfterSeconds: number }
  | { ok: false; reason: "fair_usage"; plan: Plan; retryAfterSeconds: number };

/**
 * Records one request against the account's quota if it fits. A team shares one pool: every member's
 * requests count against the plan's limit times the seats (SPEC §4). Free models (`free`) skip the quota
 * once the plan is paid. Every request, free or not, then meets the fair-usage `rates` of `ratedAs`: a
 * person is rated on their requests in the app, an API key on its own requests (recorded with its id).
 *
 * One statement, `hot.reserve_usage` (migrations/0013): it locks the account owner's row, so concurrent
 * requests of one account are checked one after another and at each limit exactly one more gets through,
 * and a refused request records nothing. The rules travel with the call as data, from src/domain.
 */
export async function reserveUsage(db: Database, input: UsageRequest): Promise<QuotaDecision> {
  const result = await db.execute<QuotaRow>(sql`select * from ${reserveUsageCall(input)}`);
  const row = result.rows[0];
  if (!row) throw new Error("hot.reserve_usage answered no row");
  return quotaDecisionOf(row);
}

export interface UsageRequest {
  userId: number;
  model: string;
  category: UsageCategory;
  free: boolean;
  now?: Date;
  ratedAs?: FairUsageSubject;
  /** The rates `ratedAs` is held to; the person's fair-usage rates unless told (an API key's own). */
  rates?: readonly FairUsageRate[];
}

/** What hot.reserve_usage answers: one row. */
export type QuotaRow = {
  outcome: "ok" | "no_plan" | "quota" | "fair_usage";
  amount: number | null;
  ok: boolean | null;
  used: number | null;
  quota: number | null;
  retry_after: number | null;
};

/** The call of hot.reserve_usage, to run alone or as the first step of a statement that also records the send. */
export function reserveUsageCall(
  input: Omit<UsageRequest, "userId"> & { userId?: number },
  /** Who asks, as SQL: a statement that reserves only for a row it found names that row's column. */
  user: SQL = sql`${input.userId}::bigint`,
  /** The API key rated on its own requests, as SQL (a key the statement found names its column). */
  apiKeyId: SQL = sql`${input.ratedAs?.apiKeyId ?? null}::bigint`,
): SQL {
  const now = input.now ?? new Date();
  const { perAmount, otherwise } = seatLimits(input.category);
  return sql`hot.reserve_usage(
    ${user}, ${input.model}, ${input.category}, ${input.free}, ${now.toISOString()}::timestamptz,
    ${USAGE_WINDOW_SECONDS[input.category]}::integer, ${JSON.stringify(perAmount)}::jsonb, ${otherwise}::integer,
    ${apiKeyId}, ${JSON.stringify(input.rates ?? FAIR_USAGE_RATES)}::jsonb)`;
}

export function quotaDecisionOf(row: QuotaRow): QuotaDecision {
  const plan = row.amount === null ? "none" : planOf({ amount: row.amount, ok: row.ok === true });
  const used = row.used ?? 0;
  const limit = row.quota ?? 0;
  const retryAfterSeconds = row.retry_after ?? 1;
  switch (row.outcome) {
    case "ok":
      return { ok: true, plan, used, limit };
    case "no_plan":
      return { ok: false, reason: "no_plan", plan };
    case "quota":
      return { ok: false, reason: "quota", plan, used, limit, retryAfterSeconds };
    case "fair_usage":
      return { ok: false, reason: "fair_usage", plan, retryAfterSeconds };
  }
}

/** The per-seat limit of `category` for each amount code a plan is sold at, and for any other paid amount. */
function seatLimits(category: UsageCategory): { perAmount: Record<string, number>; otherwise: number } {
  const perAmount: Record<string, number> = {};
  for (const plan of PAID_PLANS) {
    for (const amount of PLAN_AMOUNTS[plan])
      perAmount[amount] = quotaLimit(planOf({ amount, ok: true }), category);
  }
  return { perAmount, otherwise: quotaLimit(planOf({ amount: -1, ok: true }), category) };
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
