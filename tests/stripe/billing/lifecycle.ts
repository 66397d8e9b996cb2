// A subscription over time: renewals, scheduled and immediate cancellation, paying an open invoice.
import type { Ctx } from "../context.ts";
import { type Decline, invalidRequest } from "../errors.ts";
import type { Invoice, Subscription } from "../wire.ts";
import { settleStatus } from "./apply.ts";
import { activeDiscounts, dropUsedOnceDiscounts } from "./discounts.ts";
import { chargeOutcome, draftInvoice, invoiceSubscriptionId, issueInvoice, markPaid } from "./invoices.ts";
import { periodLine, unusedTimeLines } from "./lines.ts";
import { periodFrom, periodOf, recordDebits, setPeriod } from "./subscriptions.ts";

export interface CancellationDetails {
  comment: string | null;
  feedback: string | null;
}

const LIVE = ["active", "past_due", "trialing", "unpaid", "incomplete"];

/** The cancellation (if any) due at or before `until`, or the period end otherwise. */
function nextDue(sub: Subscription): number {
  const { end } = periodOf(sub);
  return sub.cancel_at !== null && sub.cancel_at < end ? sub.cancel_at : end;
}

/**
 * The renewal Stripe would make at the end of the period, made now: a new period, a
 * `subscription_cycle` invoice (with pending prorations), its payment; or the end of the subscription
 * when it was set to cancel.
 */
export function renew(ctx: Ctx, sub: Subscription): Invoice | null {
  const { store } = ctx;
  if (!LIVE.includes(sub.status))
    throw invalidRequest(`Subscription ${sub.id} is ${sub.status}.`, "subscription");
  const old = periodOf(sub);
  if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= old.end)) {
    endSubscription(ctx, sub, Math.min(old.end, sub.cancel_at ?? old.end), null);
    return null;
  }
  const customer = store.customer(sub.customer as string);
  const before = structuredClone(sub);
  const period = periodFrom(sub, old.end);
  setPeriod(sub, period);
  const lines = [
    ...(store.pendingLines.get(sub.id) ?? []),
    ...sub.items.data.map((item) => periodLine(store, sub, item, period)),
  ];
  const discounts = activeDiscounts(store, sub, old.end);
  const invoice = draftInvoice(store, {
    customer,
    subscription: sub,
    lines,
    billingReason: "subscription_cycle",
    periodStart: old.start,
    periodEnd: old.end,
    discounts,
    created: store.now(),
  });
  for (const item of sub.items.data) store.debits.set(item.id, []);
  sub.latest_invoice = invoice.id;
  ctx.events.emit("customer.subscription.updated", sub, before);
  const lapsed = before.status === "unpaid";
  const decline = issueInvoice(ctx, invoice, lapsed ? null : () => chargeOutcome(store, customer));
  store.pendingLines.delete(sub.id);
  recordDebits(store, invoice);
  dropUsedOnceDiscounts(store, sub, discounts);
  // A renewal that fails while the last one is still unpaid ends the retries: the subscription is marked
  // `unpaid`, as Stripe's "mark the subscription as unpaid" setting does once all retries have failed.
  if (!lapsed) settleStatus(ctx, sub, decline === null, before.status === "past_due");
  return invoice;
}

/** Ends the subscription (`customer.subscription.deleted`), optionally crediting unused time. */
export function endSubscription(
  ctx: Ctx,
  sub: Subscription,
  at: number,
  details: CancellationDetails | null,
  opts: { prorate?: boolean; invoiceNow?: boolean } = {},
): Invoice | null {
  const { store } = ctx;
  let invoice: Invoice | null = null;
  if (opts.prorate || opts.invoiceNow) {
    const credits = opts.prorate
      ? sub.items.data.flatMap((item) =>
          unusedTimeLines(store, sub, item.id, store.debits.get(item.id) ?? [], at),
        )
      : [];
    const lines = [...(store.pendingLines.get(sub.id) ?? []), ...credits];
    if (opts.invoiceNow && lines.length) {
      const customer = store.customer(sub.customer as string);
      invoice = draftInvoice(store, {
        customer,
        subscription: sub,
        lines,
        billingReason: "subscription_update",
        periodStart: at,
        periodEnd: at,
        discounts: activeDiscounts(store, sub, at),
        created: store.now(),
      });
      sub.latest_invoice = invoice.id;
      issueInvoice(ctx, invoice, () => chargeOutcome(store, customer));
    }
  }
  store.pendingLines.delete(sub.id);
  const before = structuredClone(sub);
  sub.status = "canceled";
  sub.ended_at = at;
  sub.canceled_at = sub.canceled_at ?? at;
  sub.cancel_at_period_end = false;
  if (details || !sub.cancellation_details?.reason) {
    sub.cancellation_details = {
      comment: details?.comment ?? sub.cancellation_details?.comment ?? null,
      feedback: (details?.feedback ?? sub.cancellation_details?.feedback ?? null) as never,
      feedback_option: null,
      reason: "cancellation_requested",
    };
  }
  ctx.events.emit("customer.subscription.deleted", sub, before);
  return invoice;
}

/** Cancels at the end of the period (`cancel_at_period_end`), as the portal's "Cancel plan" does. */
export function scheduleCancel(ctx: Ctx, sub: Subscription, details: CancellationDetails | null): void {
  const before = structuredClone(sub);
  sub.cancel_at_period_end = true;
  sub.cancel_at = periodOf(sub).end;
  sub.canceled_at = ctx.store.now();
  sub.cancellation_details = {
    comment: details?.comment ?? null,
    feedback: (details?.feedback ?? null) as never,
    feedback_option: null,
    reason: "cancellation_requested",
  };
  ctx.events.emit("customer.subscription.updated", sub, before);
}

/** Undoes a scheduled cancellation ("Renew plan"). */
export function unscheduleCancel(ctx: Ctx, sub: Subscription): void {
  const before = structuredClone(sub);
  sub.cancel_at_period_end = false;
  sub.cancel_at = null;
  sub.canceled_at = null;
  sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
  ctx.events.emit("customer.subscription.updated", sub, before);
}

/** Charges an open invoice again with the card on file; the subscription recovers when it is paid. */
export function payInvoice(ctx: Ctx, invoice: Invoice): Decline | null {
  if (invoice.status !== "open") {
    throw invalidRequest(`Invoice is already ${invoice.status}.`, undefined, "invoice_not_editable");
  }
  const customer = ctx.store.customer(invoice.customer as string);
  const decline = chargeOutcome(ctx.store, customer);
  if (decline) {
    invoice.attempt_count++;
    ctx.events.emit("invoice.payment_failed", invoice);
    return decline;
  }
  markPaid(ctx, invoice);
  const subId = invoiceSubscriptionId(invoice);
  const sub = subId ? ctx.store.subscriptions.get(subId) : undefined;
  if (sub && sub.latest_invoice === invoice.id) settleStatus(ctx, sub, true);
  return null;
}

/**
 * Moves the simulated clock forward, making every renewal and scheduled cancellation that falls due,
 * in time order (events carry the time they happened at).
 */
export function advanceClock(ctx: Ctx, seconds: number): { renewed: string[]; ended: string[] } {
  const { store } = ctx;
  const target = store.now() + seconds;
  const renewed: string[] = [];
  const ended: string[] = [];
  for (;;) {
    const due = [...store.subscriptions.values()]
      .filter((s) => LIVE.includes(s.status) && nextDue(s) <= target)
      .sort((a, b) => nextDue(a) - nextDue(b))[0];
    if (!due) break;
    store.clockOffset += Math.max(0, nextDue(due) - store.now());
    const invoice = renew(ctx, due);
    if (invoice) renewed.push(due.id);
    else ended.push(due.id);
  }
  for (const session of store.checkoutSessions.values()) {
    if (session.status === "open" && session.expires_at <= target) {
      session.status = "expired";
      session.url = null;
      ctx.events.emit("checkout.session.expired", session);
    }
  }
  store.clockOffset += Math.max(0, target - store.now());
  return { renewed, ended };
}
