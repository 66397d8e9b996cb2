// Applies a planned change: new items, prorations invoiced now or kept for the next invoice, payment.
import type { Ctx } from "../context.ts";
import { cardError } from "../errors.ts";
import { planOf } from "../objects.ts";
import type { Subscription, SubscriptionItem } from "../wire.ts";
import type { ChangePlan, ProrationBehavior } from "./change.ts";
import { activeDiscounts, applyDiscounts, dropUsedOnceDiscounts } from "./discounts.ts";
import { chargeOutcome, draftInvoice, issueInvoice } from "./invoices.ts";
import { debitOf } from "./lines.ts";
import { newItem, recordDebits, setPeriod } from "./subscriptions.ts";

export type PaymentBehavior = "allow_incomplete" | "default_incomplete" | "error_if_incomplete";

export interface ApplyOptions {
  behavior: ProrationBehavior;
  paymentBehavior: PaymentBehavior;
  /** Other field changes (metadata, cancel_at_period_end…) made in the same update. */
  alsoChange?: (sub: Subscription) => void;
}

function rebuildItems(sub: Subscription, plan: ChangePlan, now: number): SubscriptionItem[] {
  return plan.items.map((planned) => {
    const existing = sub.items.data.find((i) => i.id === planned.id);
    if (!existing) {
      const item = newItem(sub.id, planned.price, planned.quantity, plan.period, now);
      item.id = planned.id;
      return item;
    }
    return { ...existing, price: planned.price, plan: planOf(planned.price), quantity: planned.quantity };
  });
}

/**
 * Updates the subscription as Stripe does: `customer.subscription.updated` first, then (for
 * `always_invoice` or a new billing interval) the invoice events; a failed payment leaves it `past_due`,
 * unless `error_if_incomplete` asked for a 402 and no change.
 */
export function applyChange(ctx: Ctx, sub: Subscription, plan: ChangePlan, opts: ApplyOptions): void {
  const { store } = ctx;
  const customer = store.customer(sub.customer as string);
  const invoiceNow = opts.behavior === "always_invoice" || plan.resetsPeriod;
  const pending = store.pendingLines.get(sub.id) ?? [];
  const lines = invoiceNow ? [...pending, ...plan.prorations, ...plan.periodLines] : [];
  const draft = lines.length
    ? draftInvoice(store, {
        customer,
        subscription: sub,
        lines,
        billingReason: "subscription_update",
        periodStart: plan.at,
        periodEnd: plan.at,
        discounts: activeDiscounts(store, sub, plan.at),
        created: store.now(),
        prorationDate: plan.at,
      })
    : null;
  let decided: ReturnType<typeof chargeOutcome> | undefined;
  if (draft && draft.amount_due > 0 && opts.paymentBehavior === "error_if_incomplete") {
    decided = chargeOutcome(store, customer);
    if (decided) throw cardError(decided);
  }

  const before = structuredClone(sub);
  for (const old of sub.items.data) if (!plan.items.some((i) => i.id === old.id)) store.debits.delete(old.id);
  sub.items.data = rebuildItems(sub, plan, store.now());
  if (plan.resetsPeriod) {
    sub.billing_cycle_anchor = plan.at;
    setPeriod(sub, plan.period);
  }
  for (const [item, debits] of plan.debits) store.debits.set(item, debits);
  opts.alsoChange?.(sub);

  if (!invoiceNow && opts.behavior === "create_prorations" && plan.prorations.length) {
    const discounted = plan.prorations.map((line) => structuredClone(line));
    applyDiscounts(store, discounted, activeDiscounts(store, sub, plan.at));
    for (const line of discounted) {
      const debit = debitOf(line, null);
      const item = line.parent?.subscription_item_details?.subscription_item;
      if (debit && item) store.debits.set(item, [...(store.debits.get(item) ?? []), debit]);
    }
    store.pendingLines.set(sub.id, [...pending, ...plan.prorations]);
  }
  if (!draft) {
    ctx.events.emit("customer.subscription.updated", sub, before);
    return;
  }
  sub.latest_invoice = draft.id;
  ctx.events.emit("customer.subscription.updated", sub, before);
  const decline = issueInvoice(ctx, draft, () =>
    decided === undefined ? chargeOutcome(store, customer) : decided,
  );
  store.pendingLines.delete(sub.id);
  recordDebits(store, draft);
  dropUsedOnceDiscounts(store, sub, activeDiscounts(store, sub, plan.at));
  settleStatus(ctx, sub, decline === null);
}

const RECOVERS = new Set(["past_due", "unpaid", "incomplete"]);

/**
 * After a payment attempt on the latest invoice: past_due when it failed (`unpaid` once the retries are
 * `exhausted`), active again once paid.
 */
export function settleStatus(ctx: Ctx, sub: Subscription, paid: boolean, exhausted = false): void {
  const next = paid ? "active" : exhausted || sub.status === "unpaid" ? "unpaid" : "past_due";
  if (sub.status === next || sub.status === "canceled") return;
  if (paid && !RECOVERS.has(sub.status)) return;
  const before = structuredClone(sub);
  sub.status = next;
  ctx.events.emit("customer.subscription.updated", sub, before);
}
