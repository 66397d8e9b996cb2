// Billing rules (SPEC §4/§9): prices per plan and interval, what a provider subscription grants, seats, wire shapes.
import type { Locale } from "./locales.ts";
import { isPaidPlan, PAID_PLANS, type PaidPlan, PLAN_AMOUNTS, type Plan, planOf } from "./plans.ts";
import { MAX_SEATS } from "./pricing.ts";
import { isMemberRow } from "./team.ts";

export { MAX_SEATS, PAID_PLANS, type PaidPlan };

/** The longest promotion code we look up. */
export const PROMOTION_CODE_MAX_LENGTH = 100;

/** SPEC §9 amount code of a plan: the price of one seat in cents, per month or per year. */
export const amountCode = (plan: PaidPlan, yearly: boolean): number => PLAN_AMOUNTS[plan][yearly ? 1 : 0];

/** Whether an amount code is a yearly price (the SPEC's codes: 1000/2000/6000 monthly, ten times that yearly). */
export const isYearlyAmount = (amount: number): boolean =>
  PAID_PLANS.some((plan) => PLAN_AMOUNTS[plan][1] === amount);

/** The provider-side name of a plan's price, so prices are found again instead of made twice. */
export const priceLookupKey = (plan: PaidPlan, yearly: boolean): string =>
  `switchboard_${plan}_${yearly ? "yearly" : "monthly"}`;

/**
 * Provider statuses that keep the plan open. A failed renewal (past_due) keeps it while the provider retries
 * the card — the account page says the payment failed — and only `unpaid`, `canceled` or an abandoned first
 * payment close it.
 */
const OPEN_STATUSES = new Set(["active", "trialing", "past_due"]);

export const grantsAccess = (status: string): boolean => OPEN_STATUSES.has(status);

/** Statuses after which a subscription never comes back. */
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

export const hasEnded = (status: string | null): boolean => status !== null && ENDED_STATUSES.has(status);

/** A provider subscription, as far as our row cares. */
export interface ProviderSubscription {
  id: string;
  customer: string;
  status: string;
  /** The seat price's unit amount in cents: our amount code. */
  unitAmount: number;
  quantity: number;
  /** Unix seconds. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  cancellationDetails: { reason?: string | null; feedback?: string | null; comment?: string | null } | null;
  customerEmail: string | null;
}

/** The subscription row's fields that a provider subscription decides (SPEC §3). */
export interface SubscriptionFields {
  customer: string;
  subscription: string;
  quantity: number;
  amount: number;
  ok: boolean;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  cancellationDetails: ProviderSubscription["cancellationDetails"];
  customerEmail: string | null;
}

const fromUnix = (seconds: number | null): Date | null =>
  seconds === null ? null : new Date(seconds * 1000);

export function subscriptionFields(s: ProviderSubscription): SubscriptionFields {
  return {
    customer: s.customer,
    subscription: s.id,
    quantity: Math.max(1, s.quantity),
    amount: s.unitAmount,
    ok: grantsAccess(s.status),
    status: s.status,
    currentPeriodEnd: fromUnix(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: fromUnix(s.canceledAt),
    cancellationDetails: s.cancellationDetails,
    customerEmail: s.customerEmail,
  };
}

/**
 * Whether news of a provider subscription may replace the user's row. The row keeps the subscription that
 * matters to the person:
 * - a team member's row is left alone unless the news is of a plan they now pay for themselves: a late event
 *   about their own ended or lapsed plan from before they joined must not take them out of the team;
 * - another subscription of the same user replaces a live one only if it is live too: a late event about an
 *   old, cancelled subscription must not take the plan away from the new one, nor, month after month, one
 *   whose payment lapsed (`unpaid`, which Stripe keeps invoicing) from a plan bought since;
 * - news of the row's own subscription is always its newest state (the caller reads it from the provider).
 */
export function mayReplace(
  current: { subscription: string; status: string | null; member: boolean } | null,
  incoming: string,
  incomingStatus: string,
): boolean {
  if (!current) return true;
  if (current.member) return grantsAccess(incomingStatus);
  if (current.subscription === incoming || hasEnded(current.status)) return true;
  if (current.status !== null && grantsAccess(current.status)) return grantsAccess(incomingStatus);
  return !hasEnded(incomingStatus);
}

/** A team's admin holds one seat; every member holds one more. */
export const seatsInUse = (members: number): number => 1 + members;

/**
 * Why a subscription may not have `seats`, or null when it may. Besides the admin's and the members' seats, each
 * pending invitation keeps one for its invitee: selling it would leave their "Join the team" to fail.
 */
export function seatsRefusal(
  seats: number,
  { members, pending }: { members: number; pending: number },
): "seats_below_members" | "seats_held_by_invitations" | null {
  if (seats < seatsInUse(members)) return "seats_below_members";
  if (seats < seatsInUse(members) + pending) return "seats_held_by_invitations";
  return null;
}

/** The fewest seats `seatsRefusal` lets a team keep past its refusal: what the warning and the 409 both name. */
export const fewestSeats = (
  refusal: "seats_below_members" | "seats_held_by_invitations",
  { members, pending }: { members: number; pending: number },
): number => seatsInUse(members) + (refusal === "seats_held_by_invitations" ? pending : 0);

/**
 * `seatsRefusal` for a choice made on the change page, from the summary's counts, with the fewest seats allowed:
 * the page warns before Confirm exactly when the server would refuse.
 */
export function summarySeatsRefusal(
  summary: Pick<BillingSummary, "seatsInUse" | "pendingInvitations">,
  seats: number,
): { code: "seats_below_members" | "seats_held_by_invitations"; atLeast: number } | null {
  if (summary.seatsInUse === null) return null;
  const counts = { members: summary.seatsInUse - 1, pending: summary.pendingInvitations ?? 0 };
  const code = seatsRefusal(seats, counts);
  return code ? { code, atLeast: fewestSeats(code, counts) } : null;
}

/** A plan, an interval and a number of seats: what a subscription has, or what a person chooses for it. */
export interface PlanChoice {
  plan: PaidPlan;
  yearly: boolean;
  seats: number;
}

/** The choice a provider subscription's seat price (its amount code) and quantity stand for; null for a price of no plan. */
export function choiceOfPrice(unitAmount: number | null, seats: number): PlanChoice | null {
  for (const plan of PAID_PLANS) {
    for (const yearly of [false, true]) {
      if (amountCode(plan, yearly) === unitAmount) return { plan, yearly, seats };
    }
  }
  return null;
}

/**
 * Whether a choice is the subscription's own plan, interval and seats: there is nothing to change, and the
 * provider's preview of it would be the next renewal's whole invoice, not a proration. The server refuses it;
 * the change page offers no Confirm for it.
 */
export const isSameChoice = (
  current: { plan: Plan; yearly: boolean | null; seats: number | null } | null,
  choice: PlanChoice,
): boolean =>
  current !== null &&
  current.plan === choice.plan &&
  current.yearly === choice.yearly &&
  current.seats === choice.seats;

/** What the subscription pages show (GET /api/billing/subscription). */
export interface BillingSummary {
  plan: ReturnType<typeof planOf>;
  /** Null for a team member: the admin's subscription is theirs, and only the admin manages it. */
  seats: number | null;
  seatsInUse: number | null;
  /** Invitations neither used nor expired: each keeps a seat for its invitee. Null for a team member. */
  pendingInvitations: number | null;
  yearly: boolean | null;
  status: string | null;
  /** ISO date of the next renewal (or of the end, when a cancellation is scheduled). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  cancellationReason: string | null;
  /** The last renewal failed: the provider is retrying the card. */
  paymentFailed: boolean;
  /** A customer exists at the payment provider: "Manage billing" opens its portal. */
  canManage: boolean;
  teamMember: boolean;
}

/**
 * Whether the summary's subscription has ended: its plan says so (`unsubscribed`: a row can end without a provider
 * status), or its status does.
 */
export const subscriptionEnded = (summary: Pick<BillingSummary, "plan" | "status">): boolean =>
  summary.plan === "unsubscribed" || hasEnded(summary.status);

/**
 * Whether the summary's subscription can be changed (plan, interval, seats): the account's own, still live. An
 * ended one (plan `unsubscribed`, whatever its status says: a row can end without one) is replaced at checkout.
 */
export const mayChangePlan = (
  summary: Pick<BillingSummary, "plan" | "status" | "canManage" | "teamMember">,
): boolean =>
  summary.canManage && !summary.teamMember && isPaidPlan(summary.plan) && !hasEnded(summary.status);

/** The amount due now for a change of plan, interval or seats (POST /api/billing/preview). */
export interface BillingPreview {
  /** In cents. */
  amountDue: number;
  currency: string;
  /**
   * In cents, zero or negative: Stripe's negative total for a change worth less than what is already paid (fewer
   * seats, a cheaper plan). Nothing is refunded to the card: it goes to the customer's balance, which the next
   * invoices use up.
   */
  credit: number;
  /** Unix seconds the proration was computed for. */
  prorationDate: number;
  /** What the subscription would cost per period after the change, in cents. */
  nextPeriodAmount: number;
}

/** The parts of a subscription row the summary reads. */
export interface SummarySource {
  userId: number;
  adminUserId: number | null;
  customer: string;
  amount: number;
  ok: boolean;
  quantity: number;
  status: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  cancellationDetails: unknown;
}

const reasonOf = (details: unknown): string | null =>
  details && typeof details === "object" && "reason" in details && typeof details.reason === "string"
    ? details.reason
    : null;

/**
 * What the subscription pages show: a member sees the plan their admin's row grants and nothing to manage;
 * everyone else sees their own row.
 */
export function billingSummaryOf(
  own: SummarySource | null,
  admin: SummarySource | null,
  { members, pending }: { members: number; pending: number },
): BillingSummary {
  const teamMember = own !== null && isMemberRow(own, own.userId);
  const source = teamMember ? admin : own;
  const plan = teamMember ? planOf(admin) : planOf(own);
  if (!source) {
    return {
      plan,
      seats: null,
      seatsInUse: null,
      pendingInvitations: null,
      yearly: null,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      cancellationReason: null,
      paymentFailed: false,
      canManage: false,
      teamMember,
    };
  }
  return {
    plan,
    seats: teamMember ? null : source.quantity,
    seatsInUse: teamMember ? null : seatsInUse(members),
    pendingInvitations: teamMember ? null : pending,
    yearly: isYearlyAmount(source.amount),
    status: source.status,
    currentPeriodEnd: source.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: source.cancelAtPeriodEnd,
    canceledAt: source.canceledAt?.toISOString() ?? null,
    cancellationReason: reasonOf(source.cancellationDetails),
    paymentFailed: source.status === "past_due" || source.status === "unpaid",
    canManage: !teamMember && source.customer.startsWith("cus_"),
    teamMember,
  };
}

/** The language Stripe's Checkout and portal pages speak: the reader's, but Catalan, which they lack ("auto": the browser's). */
export const stripePageLocaleOf = (locale: Locale): Exclude<Locale, "ca"> | "auto" =>
  locale === "ca" ? "auto" : locale;
