// Subscription objects: creation with their items, periods, and the debits their invoices record.
import { newId } from "../ids.ts";
import { planOf } from "../objects.ts";
import type { Store } from "../state.ts";
import type { Invoice, Metadata, Price, Subscription, SubscriptionItem } from "../wire.ts";
import { debitOf } from "./lines.ts";
import { type Interval, nextBoundary } from "./periods.ts";

export function newItem(subscription: string, price: Price, quantity: number, period: Period, now: number) {
  const item: SubscriptionItem = {
    id: newId("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: now,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  };
  return item;
}

export interface Period {
  start: number;
  end: number;
}

export function intervalOf(price: Price): { interval: Interval; count: number } {
  return {
    interval: (price.recurring?.interval ?? "month") as Interval,
    count: price.recurring?.interval_count ?? 1,
  };
}

export function periodOf(sub: Subscription): Period {
  const item = sub.items.data[0];
  return {
    start: item?.current_period_start ?? sub.start_date,
    end: item?.current_period_end ?? sub.start_date,
  };
}

export function setPeriod(sub: Subscription, period: Period): void {
  for (const item of sub.items.data) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
}

/** The period after `start` for the subscription's interval, kept on its billing cycle anchor. */
export function periodFrom(sub: Subscription, start: number): Period {
  const first = sub.items.data[0];
  const { interval, count } = first ? intervalOf(first.price) : { interval: "month" as Interval, count: 1 };
  return { start, end: nextBoundary(sub.billing_cycle_anchor, interval, count, start) };
}

export interface NewSubscription {
  customer: string;
  items: { price: Price; quantity: number }[];
  metadata: Metadata;
  description: string | null;
  start: number;
  paymentMethod: string | null;
  discounts: string[];
}

/** A subscription as Stripe creates it before its first payment (`incomplete`). */
export function newSubscription(spec: NewSubscription): Subscription {
  const id = newId("sub");
  const first = spec.items[0]?.price;
  const { interval, count } = first ? intervalOf(first) : { interval: "month" as Interval, count: 1 };
  const period = { start: spec.start, end: nextBoundary(spec.start, interval, count, spec.start) };
  return {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: spec.start,
    billing_cycle_anchor_config: null,
    billing_mode: { type: "flexible", flexible: { proration_discounts: "included" }, updated_at: spec.start },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: spec.start,
    currency: first?.currency ?? "usd",
    customer: spec.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: spec.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: spec.description,
    discounts: spec.discounts,
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: {
      object: "list",
      data: spec.items.map((i) => newItem(id, i.price, i.quantity, period, spec.start)),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: spec.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: spec.start,
    status: "incomplete",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" },
    },
    trial_start: null,
  };
}

/** Remembers what an issued invoice debited per subscription item (credited later by prorations). */
export function recordDebits(store: Store, invoice: Invoice): void {
  for (const line of invoice.lines.data) {
    const debit = debitOf(line, invoice.id);
    const item = line.parent?.subscription_item_details?.subscription_item;
    if (!debit || !item) continue;
    const debits = store.debits.get(item) ?? [];
    // A pending proration was recorded when it was made; now it knows its invoice.
    const known = debits.find((d) => d.line === line.id);
    if (known) known.invoice = invoice.id;
    else store.debits.set(item, [...debits, debit]);
  }
}

/** Keeps embedded prices (and their legacy plans) in step after a price changes. */
export function refreshEmbeddedPrice(store: Store, price: Price): void {
  for (const sub of store.subscriptions.values()) {
    for (const item of sub.items.data) {
      if (item.price.id === price.id) {
        item.price = structuredClone(price);
        item.plan = planOf(price);
      }
    }
  }
}
