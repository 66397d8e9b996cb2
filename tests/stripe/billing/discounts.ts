// Coupons and promotion codes: who may redeem them, and how they reduce invoice lines.
import { invalidRequest } from "../errors.ts";
import type { Store } from "../state.ts";
import type { Coupon, Discount, InvoiceLine, PromotionCode, Subscription } from "../wire.ts";
import { formatMoney } from "./money.ts";
import { addIntervals } from "./periods.ts";

export interface Redemption {
  coupon: Coupon;
  promotionCode: PromotionCode | null;
}

/** Throws Stripe-like 400s when a coupon cannot be redeemed now. */
export function checkCoupon(store: Store, coupon: Coupon, param: string, currency: string | null): void {
  const now = store.now();
  if (!coupon.valid || (coupon.redeem_by !== null && coupon.redeem_by < now)) {
    throw invalidRequest(`Coupon expired: ${coupon.id}`, param, "coupon_expired");
  }
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    throw invalidRequest(`Coupon ${coupon.id} has been fully redeemed.`, param, "coupon_expired");
  }
  if (coupon.amount_off !== null && currency && coupon.currency !== currency) {
    throw invalidRequest(`Coupon ${coupon.id} is in ${coupon.currency}, not ${currency}.`, param);
  }
}

/** The coupon behind a promotion code, if this customer may use it on this amount now. */
export function checkPromotionCode(
  store: Store,
  promo: PromotionCode,
  opts: { param: string; customer: string | null; amount: number | null; currency: string | null },
): Coupon {
  const now = store.now();
  if (!promo.active || (promo.expires_at !== null && promo.expires_at < now)) {
    throw invalidRequest(`This promotion code is inactive: ${promo.code}`, opts.param);
  }
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
    throw invalidRequest(`This promotion code has been fully redeemed: ${promo.code}`, opts.param);
  }
  const promoCustomer = typeof promo.customer === "string" ? promo.customer : (promo.customer?.id ?? null);
  if (promoCustomer && promoCustomer !== opts.customer) {
    throw invalidRequest(
      `This promotion code cannot be redeemed by this customer: ${promo.code}`,
      opts.param,
    );
  }
  if (promo.restrictions.first_time_transaction && opts.customer) {
    const paidBefore = [...store.invoices.values()].some(
      (i) => i.customer === opts.customer && i.amount_paid > 0,
    );
    if (paidBefore) {
      throw invalidRequest(`This promotion code is only for first-time customers: ${promo.code}`, opts.param);
    }
  }
  const minimum = promo.restrictions.minimum_amount;
  if (minimum !== null && opts.amount !== null && opts.amount < minimum) {
    const currency = promo.restrictions.minimum_amount_currency ?? opts.currency ?? "usd";
    throw invalidRequest(
      `This promotion code requires a minimum amount of ${formatMoney(minimum, currency)}: ${promo.code}`,
      opts.param,
    );
  }
  const couponId =
    typeof promo.promotion.coupon === "string" ? promo.promotion.coupon : promo.promotion.coupon?.id;
  const coupon = store.coupon(couponId ?? "", opts.param);
  checkCoupon(store, coupon, opts.param, opts.currency);
  return coupon;
}

/** Active promotion code by its customer-facing code (case-insensitive, as Checkout reads it). */
export function promotionByCode(store: Store, code: string): PromotionCode | undefined {
  const wanted = code.trim().toUpperCase();
  return store.newestFirst(store.promotionCodes).find((p) => p.code.toUpperCase() === wanted && p.active);
}

export function redeem(redemption: Redemption): void {
  redemption.coupon.times_redeemed++;
  if (redemption.promotionCode) redemption.promotionCode.times_redeemed++;
}

/** When a discount stops: repeating coupons after their months; once/forever have no end date. */
export function discountEnd(coupon: Coupon, start: number): number | null {
  if (coupon.duration !== "repeating" || !coupon.duration_in_months) return null;
  return addIntervals(start, "month", coupon.duration_in_months, 1);
}

export function couponOf(store: Store, discount: Discount): Coupon | undefined {
  const id = typeof discount.source.coupon === "string" ? discount.source.coupon : discount.source.coupon?.id;
  return id ? store.coupons.get(id) : undefined;
}

/** The subscription's discounts still in force at `at`. */
export function activeDiscounts(store: Store, sub: Subscription, at: number): Discount[] {
  return sub.discounts
    .map((d) => store.discounts.get(typeof d === "string" ? d : d.id))
    .filter((d): d is Discount => !!d && (d.end === null || d.end > at));
}

/** Discounts used once are gone from the subscription after the invoice that used them. */
export function dropUsedOnceDiscounts(store: Store, sub: Subscription, used: Discount[]): void {
  const spent = new Set(used.filter((d) => couponOf(store, d)?.duration === "once").map((d) => d.id));
  if (spent.size) sub.discounts = sub.discounts.filter((d) => !spent.has(typeof d === "string" ? d : d.id));
}

/**
 * Fills each line's `discount_amounts` (percentages per discountable line, fixed amounts across positive
 * lines) and returns the invoice's `total_discount_amounts`.
 */
export function applyDiscounts(store: Store, lines: InvoiceLine[], discounts: Discount[]) {
  const totals: { amount: number; discount: string }[] = [];
  const net = (line: InvoiceLine) =>
    line.amount - (line.discount_amounts ?? []).reduce((s, d) => s + d.amount, 0);
  for (const discount of discounts) {
    const coupon = couponOf(store, discount);
    if (!coupon) continue;
    let total = 0;
    let remaining = coupon.amount_off ?? 0;
    for (const line of lines) {
      if (!line.discountable) continue;
      let amount = 0;
      if (coupon.percent_off !== null) amount = Math.round((line.amount * coupon.percent_off) / 100);
      else if (coupon.currency === line.currency && remaining > 0 && net(line) > 0) {
        amount = Math.min(remaining, net(line));
        remaining -= amount;
      }
      if (amount === 0) continue;
      line.discount_amounts = [...(line.discount_amounts ?? []), { amount, discount: discount.id }];
      total += amount;
    }
    totals.push({ amount: total, discount: discount.id });
  }
  return totals;
}
