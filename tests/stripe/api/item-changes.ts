// Reads `items[n]` of a subscription update (and `subscription_details[items]` of a preview), and discounts.
import type { ItemChange } from "../billing/change.ts";
import { checkCoupon, checkPromotionCode, discountEnd } from "../billing/discounts.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { newDiscount } from "../objects.ts";
import type { Params } from "../params.ts";
import type { Discount } from "../wire.ts";

export function readItemChanges(ctx: Ctx, list: Params[] | undefined): ItemChange[] {
  return (list ?? []).map((item) => {
    item.only(
      ["id", "price", "quantity", "deleted", "metadata"],
      ["price_data", "discounts", "tax_rates", "billing_thresholds", "clear_usage", "plan"],
    );
    const priceId = item.nonEmpty("price");
    const price = priceId ? ctx.store.price(priceId, item.name("price")) : null;
    if (price && !price.active) {
      throw invalidRequest(
        "The price specified is inactive. This field only accepts active prices.",
        item.name("price"),
      );
    }
    return {
      id: item.nonEmpty("id") ?? null,
      price,
      quantity: item.int("quantity", { min: 1 }) ?? null,
      deleted: item.bool("deleted") ?? false,
      param: item.prefix,
    };
  });
}

/**
 * `discounts[n][coupon|promotion_code|discount]`: new Discount objects for a subscription (not stored here:
 * previews use them as they are, updates store them).
 */
export function readDiscounts(
  ctx: Ctx,
  params: Params,
  opts: { customer: string; subscription: string | null; currency: string; amount: number | null },
): Discount[] {
  const entries = params.list("discounts") ?? [];
  const now = ctx.store.now();
  return entries.map((entry) => {
    entry.only(["coupon", "promotion_code", "discount"]);
    const existing = entry.nonEmpty("discount");
    if (existing) {
      const found = ctx.store.discounts.get(existing);
      if (!found)
        throw invalidRequest(`No such discount: '${existing}'`, entry.name("discount"), "resource_missing");
      return found;
    }
    const promoId = entry.nonEmpty("promotion_code");
    const couponId = entry.nonEmpty("coupon");
    if (!!promoId === !!couponId) {
      throw invalidRequest(
        "Each discount needs exactly one of coupon, promotion_code or discount.",
        entry.name("coupon"),
      );
    }
    const promo = promoId ? ctx.store.promotionCode(promoId, entry.name("promotion_code")) : null;
    const coupon = promo
      ? checkPromotionCode(ctx.store, promo, {
          param: entry.name("promotion_code"),
          customer: opts.customer,
          amount: opts.amount,
          currency: opts.currency,
        })
      : ctx.store.coupon(couponId as string, entry.name("coupon"));
    if (!promo) checkCoupon(ctx.store, coupon, entry.name("coupon"), opts.currency);
    return newDiscount(now, {
      coupon,
      promotionCode: promo?.id ?? null,
      customer: opts.customer,
      subscription: opts.subscription,
      end: discountEnd(coupon, now),
    });
  });
}
