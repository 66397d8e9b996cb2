// Quotas per plan and usage category (SPEC §9), their windows, and the usage state of SPEC §4.
import { USAGE_CATEGORIES, type UsageCategory } from "./models/types.ts";
import type { Plan } from "./plans.ts";

export { USAGE_CATEGORIES, type UsageCategory };

export type UsageCounts = Record<UsageCategory, number>;

const THREE_HOURS = 10_800;
const MONTH = 2_592_000;

/** Requests are counted over a sliding window ending now: text over 3 hours, the rest over 30 days. */
export const USAGE_WINDOW_SECONDS: Readonly<Record<UsageCategory, number>> = {
  text: THREE_HOURS,
  reasoning: MONTH,
  image: MONTH,
  long: MONTH,
};

/** Requests allowed per window, per seat. */
export const QUOTAS: Readonly<Record<Plan, Readonly<Record<UsageCategory, number>>>> = {
  none: { text: 0, reasoning: 0, image: 0, long: 0 },
  unsubscribed: { text: 0, reasoning: 0, image: 0, long: 0 },
  starter: { text: 50, reasoning: 2000, image: 60, long: 20 },
  standard: { text: 80, reasoning: 2000, image: 300, long: 150 },
  expert: { text: 120, reasoning: 2000, image: 1100, long: 500 },
};

/** Share of a limit at which the user is warned (reasoning only warns when it is used up). */
export const WARNING_RATIOS: Readonly<Record<UsageCategory, number>> = {
  text: 0.8,
  reasoning: 1,
  image: 0.5,
  long: 0.5,
};

export type UsageState = "normal" | "important" | "limited";

export const emptyUsageCounts = (): UsageCounts => ({ text: 0, image: 0, reasoning: 0, long: 0 });

/** The limit for one category; `seats` is SPEC §4's multiplier (a team's number of seats). */
export function quotaLimit(plan: Plan, category: UsageCategory, seats = 1): number {
  return QUOTAS[plan][category] * Math.max(1, Math.floor(seats));
}

/** SPEC §4: exhausted when used is at or above the limit — so a zero quota is always exhausted. */
export function isExhausted(plan: Plan, category: UsageCategory, used: number, seats = 1): boolean {
  return used >= quotaLimit(plan, category, seats);
}

/** SPEC §4 for one category: limited at its limit, important at its warning ratio of it. */
export function categoryState(plan: Plan, category: UsageCategory, used: number, seats = 1): UsageState {
  const limit = quotaLimit(plan, category, seats);
  if (used >= limit) return "limited";
  return used >= limit * WARNING_RATIOS[category] ? "important" : "normal";
}

/**
 * SPEC §4: limited when any category reaches its limit, important when any reaches its warning ratio of
 * the limit, otherwise normal. Plans without quota are limited.
 */
export const usageState = (plan: Plan, counts: UsageCounts, seats = 1): UsageState =>
  usageAlert(plan, counts, seats)?.state ?? "normal";

/**
 * The category the banner names for SPEC §4's state: the first one used up, else the first past its warning
 * ratio; null when the state is normal.
 */
export function usageAlert(
  plan: Plan,
  counts: UsageCounts,
  seats = 1,
): { state: Exclude<UsageState, "normal">; category: UsageCategory } | null {
  const at = (state: UsageState) =>
    USAGE_CATEGORIES.find((category) => categoryState(plan, category, counts[category], seats) === state);
  const limited = at("limited");
  if (limited) return { state: "limited", category: limited };
  const important = at("important");
  return important ? { state: "important", category: important } : null;
}
