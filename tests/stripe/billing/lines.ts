// Invoice line items of a subscription: full-period charges and per-second prorations.
import { newId } from "../ids.ts";
import type { Debit, Store } from "../state.ts";
import type { InvoiceLine, Price, Subscription } from "../wire.ts";
import { formatMoney } from "./money.ts";
import { formatDate, intervalLabel, remainingShare } from "./periods.ts";

export interface LineSpec {
  subscription: string | null;
  item: string | null;
  price: Price;
  quantity: number;
  amount: number;
  description: string;
  period: { start: number; end: number };
  proration: boolean;
  discountable: boolean;
  credited?: { invoice: string; lines: string[] } | null;
}

const productOf = (price: Price) => (typeof price.product === "string" ? price.product : price.product.id);

function unitDecimal(amount: number, quantity: number): string {
  return quantity ? String(Number((amount / quantity).toFixed(12))) : String(amount);
}

export function newLine(spec: LineSpec): InvoiceLine {
  return {
    id: newId("il"),
    object: "line_item",
    amount: spec.amount,
    currency: spec.price.currency,
    description: spec.description,
    discount_amounts: [],
    discountable: spec.discountable,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: spec.proration ? newId("ii") : null,
        proration: spec.proration,
        proration_details: {
          credited_items: spec.credited
            ? { invoice: spec.credited.invoice, invoice_line_items: spec.credited.lines }
            : null,
        },
        subscription: spec.subscription,
        subscription_item: spec.item ?? "",
      },
    },
    period: spec.period,
    pretax_credit_amounts: [],
    pricing: {
      type: "price_details",
      price_details: { price: spec.price.id, product: productOf(spec.price) },
      unit_amount_decimal: unitDecimal(spec.amount, spec.quantity),
    },
    quantity: spec.quantity,
    quantity_decimal: String(spec.quantity),
    subscription: spec.subscription,
    subtotal: spec.amount,
    taxes: [],
  };
}

function perPeriod(price: Price): string {
  const r = price.recurring;
  return r
    ? `${formatMoney(price.unit_amount ?? 0, price.currency)} / ${intervalLabel(r.interval, r.interval_count)}`
    : "";
}

/** "3 × Standard (at $20.00 / month)" for a whole period. */
export function periodLine(
  store: Store,
  sub: Subscription,
  item: { id: string; price: Price; quantity?: number },
  period: { start: number; end: number },
): InvoiceLine {
  const quantity = item.quantity ?? 1;
  return newLine({
    subscription: sub.id,
    item: item.id,
    price: item.price,
    quantity,
    amount: (item.price.unit_amount ?? 0) * quantity,
    description: `${quantity} × ${store.productName(item.price)} (at ${perPeriod(item.price)})`,
    period,
    proration: false,
    discountable: true,
  });
}

/** "Remaining time on 3 × Standard after 15 Nov 2026": the new price for what is left of the period. */
export function remainingTimeLine(
  store: Store,
  sub: Subscription,
  item: { id: string; price: Price; quantity: number },
  at: number,
  period: { start: number; end: number },
): InvoiceLine {
  const full = (item.price.unit_amount ?? 0) * item.quantity;
  return newLine({
    subscription: sub.id,
    item: item.id,
    price: item.price,
    quantity: item.quantity,
    amount: Math.round(full * remainingShare(at, period.start, period.end)),
    description: `Remaining time on ${item.quantity} × ${store.productName(item.price)} after ${formatDate(at)}`,
    period: { start: at, end: period.end },
    proration: true,
    discountable: true,
  });
}

/**
 * "Unused time on 2 × Starter after 15 Nov 2026": gives back, by the second, what was debited for the
 * time after `at` (flexible billing mode credits the original debits, discounts included).
 */
export function unusedTimeLines(
  store: Store,
  sub: Subscription,
  itemId: string,
  debits: Debit[],
  at: number,
) {
  const lines: InvoiceLine[] = [];
  for (const debit of debits) {
    if (debit.end <= at || debit.amount === 0) continue;
    const from = Math.max(at, debit.start);
    const price = store.prices.get(debit.price);
    if (!price) continue;
    lines.push(
      newLine({
        subscription: sub.id,
        item: itemId,
        price,
        quantity: debit.quantity,
        amount: -Math.round(debit.amount * remainingShare(from, debit.start, debit.end)),
        description: `Unused time on ${debit.quantity} × ${store.productName(price)} after ${formatDate(from)}`,
        period: { start: from, end: debit.end },
        proration: true,
        discountable: false,
        credited: debit.invoice ? { invoice: debit.invoice, lines: [debit.line] } : null,
      }),
    );
  }
  return lines;
}

/** What is left of the debits once the time after `at` has been credited. */
export function debitsBefore(debits: Debit[], at: number): Debit[] {
  return debits
    .filter((d) => d.start < at)
    .map((d) =>
      d.end <= at
        ? d
        : { ...d, end: at, amount: d.amount - Math.round(d.amount * remainingShare(at, d.start, d.end)) },
    );
}

/** A debit record for a line that charges a subscription item (net of its discounts). */
export function debitOf(line: InvoiceLine, invoice: string | null): Debit | null {
  const details = line.parent?.subscription_item_details;
  if (!details?.subscription_item || line.amount <= 0) return null;
  const discounted = (line.discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
  const price = line.pricing?.price_details?.price;
  return {
    start: line.period.start,
    end: line.period.end,
    amount: line.amount - discounted,
    quantity: line.quantity ?? 1,
    price: typeof price === "string" ? price : (price?.id ?? ""),
    line: line.id,
    invoice,
  };
}
