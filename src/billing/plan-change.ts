// Changing plan, interval or seats of a live subscription, with Stripe's proration shown first and charged now.

import type { Database, Queryable } from "../db/client";
import type { SubscriptionRow } from "../db/subscriptions";
import { countTeamMembers, getSubscriptionRow, lockAccount, writeSubscription } from "../db/subscriptions";
import { countPendingInvitations } from "../db/team";
import {
  amountCode,
  type BillingPreview,
  choiceOfPrice,
  fewestSeats,
  hasEnded,
  isSameChoice,
  type PlanChoice,
  seatsRefusal,
  subscriptionFields,
} from "../domain/billing";
import { isMemberRow } from "../domain/team";
import { AppError } from "../errors";
import { priceOf } from "./prices";
import type { Stripe } from "./stripe";
import { readSubscription } from "./subscription-sync";

export type PlanChange = PlanChoice & { userId: number };

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

const noChange = () =>
  new AppError(
    409,
    "no_change",
    "This is already your plan, billing period and number of seats: choose something else to change.",
  );

/**
 * The account's live subscription, if it may take `change`: the one check of the preview and the change. Seats
 * are counted against the team and its pending invitations (the change runs it inside the account's lock, the
 * one a joining member and an invitation take, so a seat cannot be given away twice; a preview just reads).
 */
async function changeableSubscription(db: Queryable, change: PlanChange): Promise<SubscriptionRow> {
  const row = liveSubscriptionOf(await getSubscriptionRow(db, { userId: change.userId }), change.userId);
  const counts = {
    members: await countTeamMembers(db, { adminUserId: change.userId }),
    pending: await countPendingInvitations(db, { adminUserId: change.userId, now: new Date() }),
  };
  const refusal = seatsRefusal(change.seats, counts);
  if (refusal === "seats_below_members") throw seatsBelowMembers(fewestSeats(refusal, counts));
  if (refusal === "seats_held_by_invitations") throw seatsHeldByInvitations(fewestSeats(refusal, counts));
  return row;
}

/**
 * The subscription's seat item and the price `change` asks for. The same plan, interval and seats as Stripe has
 * now are refused: Stripe would prorate nothing, and its preview would be the next renewal's whole invoice.
 */
async function changeTarget(stripe: Stripe, row: SubscriptionRow, change: PlanChoice) {
  const [current, price] = await Promise.all([
    stripe.subscriptions.retrieve(row.subscription),
    priceOf(stripe, change.plan, change.yearly),
  ]);
  const item = current.items.data[0];
  if (!item) throw new AppError(409, "no_subscription", "This subscription has no seats to change.");
  if (isSameChoice(choiceOfPrice(item.price.unit_amount, item.quantity ?? 1), change)) throw noChange();
  return { item, price };
}

/** What changing now would cost today (prorated), from Stripe's invoice preview. */
export async function previewChange(
  db: Database,
  stripe: Stripe,
  change: PlanChange,
): Promise<BillingPreview> {
  const row = await changeableSubscription(db, change);
  const { item, price } = await changeTarget(stripe, row, change);
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

/**
 * Applies the change and charges the proration at once. The seat count is checked against the team and its
 * pending invitations inside the account's lock, the same lock a joining member and an invitation take, so a
 * seat cannot be given away twice.
 */
export async function changePlan(
  db: Database,
  stripe: Stripe,
  input: PlanChange & { prorationDate?: number },
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, { userId: input.userId });
    const row = await changeableSubscription(tx, input);
    const { item, price } = await changeTarget(stripe, row, input);
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
