// Invoices: drafted from lines, finalized (numbered, customer balance applied), then paid or failed.
import type { Ctx } from "../context.ts";
import { type Decline, declineFor } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Store } from "../state.ts";
import type { Customer, Discount, Invoice, InvoiceLine, Subscription } from "../wire.ts";
import { applyDiscounts } from "./discounts.ts";

export interface DraftSpec {
  customer: Customer;
  subscription: Subscription | null;
  lines: InvoiceLine[];
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update" | "manual" | "upcoming";
  periodStart: number;
  periodEnd: number;
  discounts: Discount[];
  created: number;
  preview?: boolean;
  prorationDate?: number;
}

export function draftInvoice(store: Store, spec: DraftSpec): Invoice {
  const id = spec.preview ? `upcoming_${newId("in")}` : newId("in");
  const lines = spec.lines.map((line) => ({ ...line, invoice: id }));
  const totalDiscounts = applyDiscounts(store, lines, spec.discounts);
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discounted = totalDiscounts.reduce((sum, d) => sum + d.amount, 0);
  const total = subtotal - discounted;
  const startingBalance = spec.customer.balance;
  const amountDue = Math.max(0, total + startingBalance);
  const sub = spec.subscription;
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Local Stripe (tests/stripe)",
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !spec.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: spec.billingReason,
    collection_method: "charge_automatically",
    created: spec.created,
    currency: lines[0]?.currency ?? sub?.currency ?? "usd",
    custom_fields: null,
    customer: spec.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: spec.customer.email,
    customer_name: spec.customer.name ?? null,
    customer_phone: spec.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: spec.discounts.map((d) => d.id),
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: spec.preview ? spec.created : null,
    number: null,
    on_behalf_of: null,
    parent: sub
      ? {
          type: "subscription_details",
          quote_details: null,
          subscription_details: {
            metadata: sub.metadata,
            subscription: sub.id,
            ...(spec.prorationDate !== undefined ? { subscription_proration_date: spec.prorationDate } : {}),
          },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: spec.periodEnd,
    period_start: spec.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: "draft",
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: totalDiscounts,
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/** Numbers the invoice and moves a credit (negative total) into the customer's balance. */
function finalize(ctx: Ctx, invoice: Invoice, customer: Customer): void {
  const now = ctx.store.now();
  const sequence = customer.next_invoice_sequence ?? 1;
  invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, "0")}`;
  customer.next_invoice_sequence = sequence + 1;
  invoice.status = "open";
  invoice.status_transitions.finalized_at = now;
  invoice.effective_at = now;
  invoice.webhooks_delivered_at = now;
  invoice.hosted_invoice_url = `${ctx.base}/i/${invoice.id}`;
  const applied = invoice.total + invoice.starting_balance;
  invoice.ending_balance = Math.min(applied, 0);
  customer.balance = invoice.ending_balance;
}

export function markPaid(ctx: Ctx, invoice: Invoice): void {
  const now = ctx.store.now();
  invoice.attempted = true;
  if (invoice.amount_due > 0) invoice.attempt_count++;
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = "paid";
  invoice.status_transitions.paid_at = now;
  invoice.next_payment_attempt = null;
  ctx.events.emit("invoice.paid", invoice);
  ctx.events.emit("invoice.payment_succeeded", invoice);
}

function markFailed(ctx: Ctx, invoice: Invoice): void {
  invoice.attempted = true;
  invoice.attempt_count++;
  // Stripe's Smart Retries would try again within days; here a test pays it (portal, API or control).
  invoice.next_payment_attempt = ctx.store.now() + 3 * 86_400;
  ctx.events.emit("invoice.payment_failed", invoice);
}

/** What charging the customer's card now would do: null when it succeeds. */
export function chargeOutcome(store: Store, customer: Customer): Decline | null {
  const failure = store.takeFailure(customer.id, customer.email);
  if (failure) return declineFor(failure);
  if (!store.cards.has(customer.id)) {
    return {
      code: "invoice_no_payment_method_types",
      declineCode: "no_payment_method",
      message: "This customer has no attached payment source or default payment method.",
    };
  }
  return null;
}

/**
 * Stores the draft, finalizes it and takes the payment, with Stripe's events in order:
 * invoice.created, invoice.finalized, then invoice.paid + invoice.payment_succeeded or invoice.payment_failed.
 */
/**
 * Records, finalizes and charges an invoice. Without `charge` (an `unpaid` subscription's renewal: Stripe
 * keeps invoicing it but attempts no payment) a non-zero invoice is left open.
 */
export function issueInvoice(
  ctx: Ctx,
  invoice: Invoice,
  charge: (() => Decline | null) | null,
): Decline | null {
  const customer = ctx.store.customer(invoice.customer as string);
  ctx.store.invoices.set(invoice.id, invoice);
  ctx.events.emit("invoice.created", invoice);
  finalize(ctx, invoice, customer);
  ctx.events.emit("invoice.finalized", invoice);
  if (invoice.amount_due === 0) {
    markPaid(ctx, invoice);
    return null;
  }
  if (!charge) return null;
  const decline = charge();
  if (decline) markFailed(ctx, invoice);
  else markPaid(ctx, invoice);
  return decline;
}

/** The subscription an invoice belongs to (the pinned API keeps it under `parent.subscription_details`). */
export function invoiceSubscriptionId(invoice: Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === "string" ? sub : (sub?.id ?? null);
}
