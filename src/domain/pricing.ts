// Plan prices (SPEC §9) and the pricing/subscription query of SPEC §2: users, plan, yearly, seeDetails.
import { PAID_PLANS, type PaidPlan } from "./plans.ts";

export const CURRENCY = "EUR";

/** Price of one seat for one month, billed monthly or yearly. */
export const SEAT_PRICES: Readonly<Record<PaidPlan, { monthly: number; yearly: number }>> = {
  starter: { monthly: 10, yearly: 8.33 },
  standard: { monthly: 20, yearly: 17 },
  expert: { monthly: 60, yearly: 50 },
};

/** A team larger than this talks to us instead. */
export const MAX_SEATS = 1000;

export interface PricingQuery {
  users?: number;
  plan?: PaidPlan;
  yearly?: boolean;
  seeDetails?: boolean;
}

export interface ParsedPricingQuery extends PricingQuery {
  /** SPEC §2: a team selection exists only when both users and plan are present. */
  team: { users: number; plan: PaidPlan } | null;
}

const parseBoolean = (value: string | null): boolean | undefined =>
  value === "true" ? true : value === "false" ? false : undefined;

/**
 * A number of seats as a person typed it (or the address holds it): a whole number from 1 to MAX_SEATS, else
 * null. The seats field keeps what is typed while it is not one yet, so nothing may be bought with it then.
 */
export function parseSeats(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const users = Number(value.trim());
  return users >= 1 && users <= MAX_SEATS ? users : null;
}

const parseUsers = (value: string | null): number | undefined => parseSeats(value) ?? undefined;

const parsePlan = (value: string | null): PaidPlan | undefined =>
  (PAID_PLANS as readonly string[]).includes(value ?? "") ? (value as PaidPlan) : undefined;

/** Reads the four parameters; a value that does not parse is ignored, as if absent. */
export function parsePricingQuery(search: string | URLSearchParams): ParsedPricingQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const query: PricingQuery = {};
  const users = parseUsers(params.get("users"));
  const plan = parsePlan(params.get("plan"));
  const yearly = parseBoolean(params.get("yearly"));
  const seeDetails = parseBoolean(params.get("seeDetails"));
  if (users !== undefined) query.users = users;
  if (plan !== undefined) query.plan = plan;
  if (yearly !== undefined) query.yearly = yearly;
  if (seeDetails !== undefined) query.seeDetails = seeDetails;
  return { ...query, team: users !== undefined && plan !== undefined ? { users, plan } : null };
}

/** "" or "?users=3&plan=expert…": the parameters that parsed, in a stable order. */
export function pricingQueryString(query: PricingQuery): string {
  const params = new URLSearchParams();
  if (query.users !== undefined) params.set("users", String(query.users));
  if (query.plan !== undefined) params.set("plan", query.plan);
  if (query.yearly !== undefined) params.set("yearly", String(query.yearly));
  if (query.seeDetails !== undefined) params.set("seeDetails", String(query.seeDetails));
  const text = params.toString();
  return text ? `?${text}` : "";
}

const cents = (value: number): number => Math.round(value * 100) / 100;

export const seatPrice = (plan: PaidPlan, yearly: boolean): number =>
  SEAT_PRICES[plan][yearly ? "yearly" : "monthly"];

/** What a month costs for every seat together. */
export const monthlyTotal = (plan: PaidPlan, yearly: boolean, seats: number): number =>
  cents(seatPrice(plan, yearly) * Math.max(1, Math.floor(seats)));

/** How much cheaper yearly billing is, in whole percent. */
export const yearlySavingPercent = (plan: PaidPlan): number =>
  Math.round((1 - SEAT_PRICES[plan].yearly / SEAT_PRICES[plan].monthly) * 100);
