// /v1/checkout/sessions in subscription mode: create (price or price_data), retrieve, list, expire, line items.

import { sessionTotals } from "../billing/checkout.ts";
import { checkCoupon, checkPromotionCode } from "../billing/discounts.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { newId } from "../ids.ts";
import { newPrice } from "../objects.ts";
import { newMetadata, type Params } from "../params.ts";
import type { CheckoutLineItem, CheckoutSession, Price } from "../wire.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { productFromData, readCurrency, readRecurring } from "./prices.ts";
import { first, type Route, route } from "./route.ts";
import { SESSION_PARAMS, SESSION_UNSUPPORTED, sessionObject } from "./session-object.ts";

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

function readLines(ctx: Ctx, params: Params): CheckoutLineItem[] {
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

function checkUrl(params: Params, key: string): string | null {
  const value = params.nonEmpty(key);
  if (value === undefined) return null;
  try {
    new URL(value.replace("{CHECKOUT_SESSION_ID}", "x"));
  } catch {
    throw invalidRequest("Not a valid URL", key, "url_invalid");
  }
  return value;
}

function readDiscounts(ctx: Ctx, params: Params, customer: string | null, lines: CheckoutLineItem[]) {
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

/** Sessions whose time ran out are expired when next seen. */
export function freshSession(ctx: Ctx, session: CheckoutSession): CheckoutSession {
  if (session.status === "open" && session.expires_at <= ctx.store.now()) {
    session.status = "expired";
    session.url = null;
    ctx.events.emit("checkout.session.expired", session);
  }
  return session;
}

export const checkoutRoutes: Route[] = [
  route("POST", "/v1/checkout/sessions", ({ ctx, params }) => {
    params.only(SESSION_PARAMS, SESSION_UNSUPPORTED);
    const mode = params.enumOf("mode", ["payment", "setup", "subscription"] as const);
    if (mode !== "subscription") {
      throw invalidRequest(
        `mode=${mode ?? "payment"} is not implemented by the local Stripe server (tests/stripe); use mode=subscription.`,
        "mode",
      );
    }
    const automaticTax = params.obj("automatic_tax")?.only(["enabled", "liability"]);
    if (automaticTax?.bool("enabled")) {
      throw invalidRequest(
        "automatic_tax is not implemented by the local Stripe server.",
        "automatic_tax[enabled]",
      );
    }
    const customer = params.nonEmpty("customer") ?? null;
    const customerEmail = params.nonEmpty("customer_email") ?? null;
    if (customer && customerEmail) {
      throw invalidRequest(
        "You may only specify one of these parameters: customer, customer_email.",
        "customer_email",
      );
    }
    if (customer) ctx.store.customer(customer);
    const allowPromotionCodes = params.bool("allow_promotion_codes");
    if (allowPromotionCodes && params.has("discounts")) {
      throw invalidRequest(
        "You may only specify one of these parameters: allow_promotion_codes, discounts.",
        "discounts",
      );
    }
    const clientReferenceId = params.nonEmpty("client_reference_id") ?? null;
    if (clientReferenceId && clientReferenceId.length > 200) {
      throw invalidRequest("client_reference_id must be at most 200 characters.", "client_reference_id");
    }
    const subscriptionData = params
      .obj("subscription_data")
      ?.only(
        ["metadata", "description", "billing_mode"],
        [
          "trial_period_days",
          "trial_end",
          "trial_settings",
          "billing_cycle_anchor",
          "billing_cycle_anchor_config",
          "proration_behavior",
          "default_tax_rates",
          "application_fee_percent",
          "on_behalf_of",
          "transfer_data",
          "invoice_settings",
          "pending_invoice_item_interval",
        ],
      );
    const now = ctx.store.now();
    const expiresAt = params.int("expires_at") ?? now + 86_400;
    if (expiresAt < now + 1800 || expiresAt > now + 86_400) {
      throw invalidRequest("expires_at must be between 30 minutes and 24 hours from now.", "expires_at");
    }
    const lines = readLines(ctx, params);
    const session = sessionObject(ctx, {
      now,
      expiresAt,
      customer,
      customerEmail,
      clientReferenceId,
      allowPromotionCodes: allowPromotionCodes ?? null,
      discounts: readDiscounts(ctx, params, customer, lines),
      successUrl: checkUrl(params, "success_url"),
      cancelUrl: checkUrl(params, "cancel_url"),
      metadata: newMetadata(params.metadata()),
      currency: lines[0]?.currency ?? "usd",
      billingAddressCollection:
        params.enumOf("billing_address_collection", ["auto", "required"] as const) ?? null,
      locale: params.nonEmpty("locale") ?? null,
    });
    ctx.store.checkoutSessions.set(session.id, session);
    ctx.store.checkoutSetups.set(session.id, {
      lines,
      subscriptionMetadata: newMetadata(subscriptionData?.metadata()),
      subscriptionDescription: subscriptionData?.nonEmpty("description") ?? null,
    });
    sessionTotals(ctx.store, session);
    return session;
  }),
  route("GET", "/v1/checkout/sessions/:id", (req) => {
    req.params.only(["expand"]);
    return freshSession(req.ctx, req.ctx.store.checkoutSession(first(req)));
  }),
  route("GET", "/v1/checkout/sessions/:id/line_items", (req) => {
    req.params.only([...LIST_PARAMS]);
    const session = req.ctx.store.checkoutSession(first(req));
    const lines = req.ctx.store.checkoutSetups.get(session.id)?.lines ?? [];
    return listOf([...lines], req.params, `/v1/checkout/sessions/${session.id}/line_items`);
  }),
  route("POST", "/v1/checkout/sessions/:id/expire", (req) => {
    req.params.only(["expand"]);
    const session = freshSession(req.ctx, req.ctx.store.checkoutSession(first(req)));
    if (session.status !== "open") {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    }
    session.status = "expired";
    session.url = null;
    req.ctx.events.emit("checkout.session.expired", session);
    return session;
  }),
  route("GET", "/v1/checkout/sessions", ({ ctx, params }) => {
    params.only(
      ["customer", "subscription", "status", ...LIST_PARAMS],
      ["customer_details", "payment_intent", "payment_link"],
    );
    const customer = params.nonEmpty("customer");
    const subscription = params.nonEmpty("subscription");
    const status = params.enumOf("status", ["open", "complete", "expired"] as const);
    const all = ctx.store
      .newestFirst(ctx.store.checkoutSessions)
      .map((s) => freshSession(ctx, s))
      .filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!subscription || s.subscription === subscription) &&
          (!status || s.status === status),
      );
    return listOf(all, params, "/v1/checkout/sessions");
  }),
];
