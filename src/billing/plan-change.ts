// Changing plan, interval or seats of a live subscription, with Stripe's proration shown first and charged now.

import type { Database } from "../db/client";
import type { SubscriptionRow } from "../db/subscriptions";
import { countTeamMembers, getSubscriptionRow, lockAccount, writeSubscription } from "../db/subscriptions";
import { countPendingInvitations } from "../db/team";
import {
  amountCode,
  type BillingPreview,
  fewestSeats,
  hasEnded,
  type PaidPlan,
  seatsRefusal,
  subscriptionFields,
} from "../domain/billing";
import { isMemberRow } from "../domain/team";
import { AppError } from "../errors";
import { priceOf } from "./prices";
import type { Stripe } from "./stripe";
import { readSubscription } from "./subscription-sync";

export interface PlanChange {
  plan: PaidPlan;
  yearly: boolean;
  seats: number;
}

/** The account's own live subscription, or the 409 that says why there is none to change. */
export function liveSubscriptionOf(row: SubscriptionRow | null, userId: number): SubscriptionRow {
  if (isMemberRow(row, userId)) {
    throw new AppError(409, "team_member", "Your team's admin manages the plan.");
  }
  if (!row?.ok || hasEnded(row.status) || !row.subscription.startsWith("sub_")) {
    throw new AppError(
      409,
      "no_subscription",
      "There is no active subscription to change: choose a plan first.",
    );
  }
  return row;
}

async function seatItem(stripe: Stripe, subscriptionId: string) {
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new AppError(409, "no_subscription", "This subscription has no seats to change.");
  return item;
}

/** What changing now would cost today (prorated), from Stripe's invoice preview. */
export async function previewChange(
  stripe: Stripe,
  row: SubscriptionRow,
  change: PlanChange,
): Promise<BillingPreview> {
  const [item, price] = await Promise.all([
    seatItem(stripe, row.subscription),
    priceOf(stripe, change.plan, change.yearly),
  ]);
  const prorationDate = Math.floor(Date.now() / 1000);
  const invoice = await stripe.invoices.createPreview({
    customer: row.customer,
    subscription: row.subscription,
    subscription_details: {
      items: [{ id: item.id, price, quantity: change.seats }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
    },
  });
  return {
    amountDue: invoice.amount_due,
    // The unused time credited beyond what the change charges; the customer's old balance is not part of it.
    credit: Math.min(0, invoice.total),
    currency: invoice.currency,
    prorationDate,
    nextPeriodAmount: amountCode(change.plan, change.yearly) * change.seats,
  };
}

const seatsBelowMembers = (inUse: number) =>
  new AppError(
    409,
    "seats_below_members",
    `Your team uses ${inUse} seats: remove members before going below that.`,
    {
      details: [{ path: "seats", message: `at least ${inUse}` }],
    },
  );

const seatsHeldByInvitations = (needed: number) =>
  new AppError(
    409,
    "seats_held_by_invitations",
    `Pending invitations keep seats for their invitees: withdraw them or keep at least ${needed} seats.`,
    { details: [{ path: "seats", message: `at least ${needed}` }] },
  );

/**
 * Applies the change and charges the proration at once. The seat count is checked against the team and its
 * pending invitations inside the account's lock, the same lock a joining member and an invitation take, so a
 * seat cannot be given away twice.
 */
export async function changePlan(
  db: Database,
  stripe: Stripe,
  input: PlanChange & { userId: number; prorationDate?: number },
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, { userId: input.userId });
    const row = liveSubscriptionOf(await getSubscriptionRow(tx, { userId: input.userId }), input.userId);
    const members = await countTeamMembers(tx, { adminUserId: input.userId });
    const pending = await countPendingInvitations(tx, { adminUserId: input.userId, now: new Date() });
    const counts = { members, pending };
    const refusal = seatsRefusal(input.seats, counts);
    if (refusal === "seats_below_members") throw seatsBelowMembers(fewestSeats(refusal, counts));
    if (refusal === "seats_held_by_invitations") throw seatsHeldByInvitations(fewestSeats(refusal, counts));
    const [item, price] = await Promise.all([
      seatItem(stripe, row.subscription),
      priceOf(stripe, input.plan, input.yearly),
    ]);
    // A declined card fails the update itself (error_if_incomplete): nothing changes, the caller gets a 402.
    // A change is a choice to go on: it takes back a scheduled cancellation, or the plan just paid for today
    // would still end with the period (the change page says so before Confirm).
    await stripe.subscriptions.update(row.subscription, {
      cancel_at_period_end: false,
      items: [{ id: item.id, price, quantity: input.seats }],
      proration_behavior: "always_invoice",
      ...(input.prorationDate ? { proration_date: input.prorationDate } : {}),
      payment_behavior: "error_if_incomplete",
    });
    const latest = await readSubscription(stripe, row.subscription);
    await writeSubscription(tx, { userId: input.userId, fields: subscriptionFields(latest) });
    const written = await getSubscriptionRow(tx, { userId: input.userId });
    if (!written) throw new Error("changePlan: the row vanished");
    return written;
  });
}
