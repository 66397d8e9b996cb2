// Checkout Session create params: line items (price or price_data), redirect URLs, discounts.
import { checkCoupon, checkPromotionCode } from "../billing/discounts.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPrice } from "../objects.ts";
import { newMetadata, type Params } from "../params.ts";
import type { CheckoutLineItem, Price } from "../wire.ts";
import { productFromData, readCurrency, readRecurring } from "./prices.ts";

function linePrice(ctx: Ctx, line: Params): Price {
  line.only(
    ["price", "price_data", "quantity", "metadata"],
    ["adjustable_quantity", "tax_rates", "dynamic_tax_rates"],
  );
  const priceId = line.nonEmpty("price");
  const data = line.obj("price_data");
  if (!!priceId === !!data) {
    throw invalidRequest(
      `You must specify exactly one of ${line.name("price")} or ${line.name("price_data")}.`,
      line.name("price"),
    );
  }
  if (priceId) {
    const price = ctx.store.price(priceId, line.name("price"));
    if (!price.active) {
      throw invalidRequest(
        "The price specified is inactive. This field only accepts active prices.",
        line.name("price"),
      );
    }
    return price;
  }
  const priceData = data as Params;
  priceData.only(
    ["currency", "unit_amount", "product", "product_data", "recurring"],
    ["tax_behavior", "unit_amount_decimal"],
  );
  const productId = priceData.nonEmpty("product");
  const productData = priceData.obj("product_data");
  if (!!productId === !!productData) {
    throw invalidRequest(
      `You must specify exactly one of ${priceData.name("product")} or ${priceData.name("product_data")}.`,
      priceData.name("product"),
    );
  }
  if (productId) ctx.store.product(productId, priceData.name("product"));
  const unitAmount = priceData.int("unit_amount", { min: 0 });
  if (unitAmount === undefined) {
    throw invalidRequest(
      `Missing required param: ${priceData.name("unit_amount")}.`,
      priceData.name("unit_amount"),
      "parameter_missing",
    );
  }
  // Inline prices are created inactive: usable only in this session.
  const price = newPrice(ctx.store.now(), {
    product: productId ?? productFromData(ctx, productData as Params),
    currency: readCurrency(priceData),
    unitAmount,
    recurring: readRecurring(priceData),
    active: false,
  });
  ctx.store.prices.set(price.id, price);
  return price;
}

export function readLines(ctx: Ctx, params: Params): CheckoutLineItem[] {
  const lines = params.list("line_items");
  if (!lines?.length)
    throw invalidRequest("Missing required param: line_items.", "line_items", "parameter_missing");
  const out = lines.map((line): CheckoutLineItem => {
    const price = linePrice(ctx, line);
    const quantity = line.int("quantity", { min: 1, max: 999_999 });
    if (quantity === undefined) {
      throw invalidRequest(
        `Missing required param: ${line.name("quantity")}.`,
        line.name("quantity"),
        "parameter_missing",
      );
    }
    if (price.type !== "recurring") {
      throw invalidRequest(
        "You specified `subscription` mode but passed non-recurring prices. Use `payment` mode for one-time prices.",
        line.name("price"),
      );
    }
    const amount = (price.unit_amount ?? 0) * quantity;
    return {
      id: newId("li"),
      object: "item",
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: ctx.store.productName(price),
      metadata: newMetadata(line.metadata()),
      price,
      quantity,
    };
  });
  const [head, ...rest] = out.map(
    (l) => `${l.currency}/${l.price?.recurring?.interval}/${l.price?.recurring?.interval_count}`,
  );
  if (rest.some((r) => r !== head)) {
    throw invalidRequest(
      "All prices in a subscription must have the same currency and billing interval.",
      "line_items",
    );
  }
  return out;
}

export function checkUrl(params: Params, key: string): string | null {
  const value = params.nonEmpty(key);
  if (value === undefined) return null;
  try {
    new URL(value.replace("{CHECKOUT_SESSION_ID}", "x"));
  } catch {
    throw invalidRequest("Not a valid URL", key, "url_invalid");
  }
  return value;
}

export function readSessionDiscounts(
  ctx: Ctx,
  params: Params,
  customer: string | null,
  lines: CheckoutLineItem[],
) {
  const entries = params.list("discounts");
  if (!entries?.length) return [];
  if (entries.length > 1) throw invalidRequest("You may only specify one discount.", "discounts");
  const entry = (entries[0] as Params).only(["coupon", "promotion_code"]);
  const amount = lines.reduce((sum, l) => sum + l.amount_subtotal, 0);
  const currency = lines[0]?.currency ?? null;
  const promoId = entry.nonEmpty("promotion_code");
  const couponId = entry.nonEmpty("coupon");
  if (!!promoId === !!couponId) {
    throw invalidRequest(
      "Each discount needs exactly one of coupon or promotion_code.",
      entry.name("coupon"),
    );
  }
  if (promoId) {
    const promo = ctx.store.promotionCode(promoId, entry.name("promotion_code"));
    checkPromotionCode(ctx.store, promo, { param: entry.name("promotion_code"), customer, amount, currency });
    return [{ coupon: null, promotion_code: promo.id }];
  }
  const coupon = ctx.store.coupon(couponId as string, entry.name("coupon"));
  checkCoupon(ctx.store, coupon, entry.name("coupon"), currency);
  return [{ coupon: coupon.id, promotion_code: null }];
}
