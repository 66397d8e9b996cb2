// Subscription plans (SPEC §4): which plan a subscription record grants, members included.
import { isMemberRow } from "./team.ts";

export const PLANS = ["none", "unsubscribed", "starter", "standard", "expert"] as const;
export type Plan = (typeof PLANS)[number];

export const PAID_PLANS = ["starter", "standard", "expert"] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** What the client assumes before it knows better (SPEC §4). */
export const DEFAULT_CLIENT_PLAN: Plan = "starter";

/** Amount codes per plan, monthly then yearly (SPEC §9). */
export const PLAN_AMOUNTS: Readonly<Record<PaidPlan, readonly [monthly: number, yearly: number]>> = {
  starter: [1000, 10000],
  standard: [2000, 20000],
  expert: [6000, 60000],
};

/** The fields of a subscription row that decide a plan. */
export interface PlanSource {
  amount: number;
  ok: boolean;
}

export const isPaidPlan = (plan: Plan): plan is PaidPlan => (PAID_PLANS as readonly Plan[]).includes(plan);

/**
 * SPEC §4: no record → none; ok false → unsubscribed; a known amount → its plan; any other amount →
 * starter (a paying customer on an amount we do not know still gets the entry plan, not nothing).
 */
export function planOf(subscription: PlanSource | null | undefined): Plan {
  if (!subscription) return "none";
  if (!subscription.ok) return "unsubscribed";
  for (const plan of PAID_PLANS) {
    if (PLAN_AMOUNTS[plan].includes(subscription.amount)) return plan;
  }
  return "starter";
}

/** A subscription row as far as team membership goes. */
export interface MembershipSource extends PlanSource {
  userId: number;
  adminUserId: number | null;
}

/**
 * A team member's own row only links them to the admin (adminUserId); the admin's row carries the
 * amount, the payment state and the seats, so the member holds whatever plan the admin's row grants —
 * and none when that row is gone. A row naming its own user as admin is the admin's row.
 */
export function userPlanOf(own: MembershipSource | null | undefined, admin?: PlanSource | null): Plan {
  if (own && isMemberRow(own, own.userId)) return planOf(admin);
  return planOf(own);
}
