// Coupons and promotion codes every fresh (or reset) server starts with.
import { newCoupon, newPromotionCode } from "./objects.ts";
import type { Store } from "./state.ts";

/** Customer-facing codes, their coupon, and what they do. */
export const SEEDED_PROMOTION_CODES = [
  { code: "WELCOME10", coupon: "welcome-10", what: "10 % off every payment (forever)" },
  { code: "HALF", coupon: "half-once", what: "50 % off the first payment (once)" },
  { code: "FIVEOFF", coupon: "five-off", what: "$5.00 off the first payment (once, usd)" },
  { code: "TWENTY3", coupon: "twenty-3mo", what: "20 % off for 3 months (repeating)" },
  { code: "EXPIRED", coupon: "welcome-10", what: "inactive: refused with a 400" },
] as const;

export function seed(store: Store): void {
  const now = store.now();
  const coupons = [
    newCoupon(now, { id: "welcome-10", name: "Welcome 10 %", percentOff: 10, duration: "forever" }),
    newCoupon(now, { id: "half-once", name: "Half off the first payment", percentOff: 50, duration: "once" }),
    newCoupon(now, { id: "five-off", name: "$5 off", amountOff: 500, currency: "usd", duration: "once" }),
    newCoupon(now, {
      id: "twenty-3mo",
      name: "20 % for 3 months",
      percentOff: 20,
      duration: "repeating",
      durationInMonths: 3,
    }),
  ];
  for (const coupon of coupons) store.coupons.set(coupon.id, coupon);
  for (const { code, coupon } of SEEDED_PROMOTION_CODES) {
    const promo = newPromotionCode(now, {
      code,
      coupon,
      active: code !== "EXPIRED",
      expiresAt: code === "EXPIRED" ? now - 86_400 : null,
    });
    store.promotionCodes.set(promo.id, promo);
  }
}
