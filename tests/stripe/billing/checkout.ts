// Paying a Checkout Session: customer, card, subscription, first invoice, then the session completes.
import type { Ctx } from "../context.ts";
import { newCustomer, newDiscount } from "../objects.ts";
import type { Card, Store } from "../state.ts";
import type { CheckoutSession, Coupon, PromotionCode } from "../wire.ts";
import { settleStatus } from "./apply.ts";
import { discountEnd, dropUsedOnceDiscounts, redeem } from "./discounts.ts";
import { draftInvoice, issueInvoice } from "./invoices.ts";
import { periodLine } from "./lines.ts";
import { newSubscription, periodOf, recordDebits } from "./subscriptions.ts";

/** The coupon (and promotion code) a session applies, from `discounts[0]`. */
export function sessionRedemption(
  store: Store,
  session: CheckoutSession,
): { coupon: Coupon; promotionCode: PromotionCode | null } | null {
  const entry = session.discounts?.[0];
  if (!entry) return null;
  const promoId = typeof entry.promotion_code === "string" ? entry.promotion_code : entry.promotion_code?.id;
  const promotionCode = promoId ? (store.promotionCodes.get(promoId) ?? null) : null;
  const couponId =
    (typeof entry.coupon === "string" ? entry.coupon : entry.coupon?.id) ??
    (typeof promotionCode?.promotion.coupon === "string" ? promotionCode.promotion.coupon : null);
  const coupon = couponId ? store.coupons.get(couponId) : undefined;
  return coupon ? { coupon, promotionCode } : null;
}

/** Subtotal, discount and total of the session's line items (amounts shown on the page and the session). */
export function sessionTotals(store: Store, session: CheckoutSession) {
  const setup = store.checkoutSetups.get(session.id);
  const redemption = sessionRedemption(store, session);
  let remainingOff = redemption?.coupon.amount_off ?? 0;
  let subtotal = 0;
  let discount = 0;
  for (const line of setup?.lines ?? []) {
    const lineSubtotal = (line.price?.unit_amount ?? 0) * (line.quantity ?? 1);
    let lineDiscount = 0;
    if (redemption?.coupon.percent_off != null) {
      lineDiscount = Math.round((lineSubtotal * redemption.coupon.percent_off) / 100);
    } else if (remainingOff > 0) {
      lineDiscount = Math.min(remainingOff, lineSubtotal);
      remainingOff -= lineDiscount;
    }
    line.amount_subtotal = lineSubtotal;
    line.amount_discount = lineDiscount;
    line.amount_total = lineSubtotal - lineDiscount;
    subtotal += lineSubtotal;
    discount += lineDiscount;
  }
  session.amount_subtotal = subtotal;
  session.amount_total = subtotal - discount;
  session.total_details = { amount_discount: discount, amount_shipping: 0, amount_tax: 0 };
  return { subtotal, discount, total: subtotal - discount };
}

/**
 * Completes a paid session with Stripe's events: customer.created, customer.subscription.created
 * (`incomplete`), the invoice's events, customer.subscription.updated (`active`), checkout.session.completed.
 */
export function completeCheckout(
  ctx: Ctx,
  session: CheckoutSession,
  input: { email: string; name: string | null; card: Card },
): void {
  const { store } = ctx;
  const now = store.now();
  const setup = store.checkoutSetups.get(session.id);
  let customer = session.customer ? store.customers.get(session.customer as string) : undefined;
  if (!customer) {
    customer = newCustomer(now, { email: input.email, name: input.name });
    store.customers.set(customer.id, customer);
    ctx.events.emit("customer.created", customer);
  }
  const customerBefore = structuredClone(customer);
  store.cards.set(customer.id, input.card);
  customer.invoice_settings.default_payment_method = input.card.paymentMethod;
  ctx.events.emit("customer.updated", customer, customerBefore);

  const sub = newSubscription({
    customer: customer.id,
    items: (setup?.lines ?? []).flatMap((l) =>
      l.price ? [{ price: l.price, quantity: l.quantity ?? 1 }] : [],
    ),
    metadata: setup?.subscriptionMetadata ?? {},
    description: setup?.subscriptionDescription ?? null,
    start: now,
    paymentMethod: input.card.paymentMethod,
    discounts: [],
  });
  const redemption = sessionRedemption(store, session);
  if (redemption) {
    const discount = newDiscount(now, {
      coupon: redemption.coupon,
      promotionCode: redemption.promotionCode?.id ?? null,
      customer: customer.id,
      subscription: sub.id,
      checkoutSession: session.id,
      end: discountEnd(redemption.coupon, now),
    });
    store.discounts.set(discount.id, discount);
    sub.discounts = [discount.id];
    redeem(redemption);
  }
  store.subscriptions.set(sub.id, sub);
  const discounts = sub.discounts.flatMap((d) => store.discounts.get(d as string) ?? []);
  const invoice = draftInvoice(store, {
    customer,
    subscription: sub,
    lines: sub.items.data.map((item) => periodLine(store, sub, item, periodOf(sub))),
    billingReason: "subscription_create",
    periodStart: now,
    periodEnd: now,
    discounts,
    created: now,
  });
  sub.latest_invoice = invoice.id;
  ctx.events.emit("customer.subscription.created", sub);
  // The card was charged on the page already (a decline never gets here).
  issueInvoice(ctx, invoice, () => null);
  recordDebits(store, invoice);
  dropUsedOnceDiscounts(store, sub, discounts);
  settleStatus(ctx, sub, true);

  session.status = "complete";
  session.payment_status = "paid";
  session.customer = customer.id;
  session.subscription = sub.id;
  session.invoice = invoice.id;
  session.url = null;
  session.customer_details = {
    address: null,
    business_name: null,
    email: input.email,
    individual_name: null,
    name: input.name,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  ctx.events.emit("checkout.session.completed", session);
}
