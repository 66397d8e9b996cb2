// /v1/coupons (percent_off or amount_off) and /v1/promotion_codes (list by code and active, retrieve, create).
import { invalidRequest } from "../errors.ts";
import { newCoupon, newPromotionCode } from "../objects.ts";
import { mergeMetadata, newMetadata } from "../params.ts";
import type { PromotionCode } from "../wire.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const couponOfPromo = (p: PromotionCode) =>
  typeof p.promotion.coupon === "string" ? p.promotion.coupon : (p.promotion.coupon?.id ?? null);

export const couponRoutes: Route[] = [
  route("POST", "/v1/coupons", ({ ctx, params }) => {
    params.only(
      [
        "id",
        "name",
        "percent_off",
        "amount_off",
        "currency",
        "duration",
        "duration_in_months",
        "max_redemptions",
        "redeem_by",
        "metadata",
        "expand",
      ],
      ["applies_to", "currency_options"],
    );
    const percentOff = params.num("percent_off", { min: 0, max: 100 });
    const amountOff = params.int("amount_off", { min: 1 });
    if ((percentOff === undefined) === (amountOff === undefined)) {
      throw invalidRequest("You must pass exactly one of percent_off or amount_off.", "percent_off");
    }
    const currency = params.nonEmpty("currency")?.toLowerCase();
    if (amountOff !== undefined && !currency) {
      throw invalidRequest("Missing required param: currency.", "currency", "parameter_missing");
    }
    const duration = params.enumOf("duration", ["once", "repeating", "forever"] as const) ?? "once";
    const months = params.int("duration_in_months", { min: 1 });
    if (duration === "repeating" && months === undefined) {
      throw invalidRequest(
        "Missing required param: duration_in_months.",
        "duration_in_months",
        "parameter_missing",
      );
    }
    const id = params.nonEmpty("id");
    if (id && ctx.store.coupons.has(id)) {
      throw invalidRequest("Coupon already exists.", "id", "resource_already_exists");
    }
    const coupon = newCoupon(
      ctx.store.now(),
      {
        id,
        name: params.nonEmpty("name") ?? null,
        percentOff: percentOff ?? null,
        amountOff: amountOff ?? null,
        currency: currency ?? null,
        duration,
        durationInMonths: months ?? null,
        maxRedemptions: params.int("max_redemptions", { min: 1 }) ?? null,
        redeemBy: params.int("redeem_by") ?? null,
      },
      newMetadata(params.metadata()),
    );
    ctx.store.coupons.set(coupon.id, coupon);
    ctx.events.emit("coupon.created", coupon);
    return coupon;
  }),
  route("GET", "/v1/coupons/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.coupon(first(req), "id");
  }),
  route("GET", "/v1/coupons", ({ ctx, params }) => {
    params.only([...LIST_PARAMS]);
    return listOf(ctx.store.newestFirst(ctx.store.coupons), params, "/v1/coupons");
  }),
  route("POST", "/v1/promotion_codes", ({ ctx, params }) => {
    params.only(
      [
        "promotion",
        "code",
        "active",
        "customer",
        "expires_at",
        "max_redemptions",
        "metadata",
        "restrictions",
        "expand",
      ],
      ["customer_account"],
    );
    const promotion = params.obj("promotion")?.only(["coupon", "type"]);
    if (!promotion)
      throw invalidRequest("Missing required param: promotion.", "promotion", "parameter_missing");
    promotion.enumOf("type", ["coupon"] as const);
    const coupon = ctx.store.coupon(promotion.reqStr("coupon"), "promotion[coupon]");
    const code = params.nonEmpty("code") ?? coupon.id;
    if (
      [...ctx.store.promotionCodes.values()].some(
        (p) => p.active && p.code.toUpperCase() === code.toUpperCase(),
      )
    ) {
      throw invalidRequest(`An active promotion code with \`code: ${code}\` already exists.`, "code");
    }
    const customer = params.nonEmpty("customer");
    if (customer) ctx.store.customer(customer);
    const restrictions = params
      .obj("restrictions")
      ?.only(["first_time_transaction", "minimum_amount", "minimum_amount_currency"], ["currency_options"]);
    const promo = newPromotionCode(
      ctx.store.now(),
      {
        code,
        coupon: coupon.id,
        active: params.bool("active"),
        customer: customer ?? null,
        expiresAt: params.int("expires_at") ?? null,
        maxRedemptions: params.int("max_redemptions", { min: 1 }) ?? null,
        firstTimeTransaction: restrictions?.bool("first_time_transaction"),
        minimumAmount: restrictions?.int("minimum_amount", { min: 0 }) ?? null,
        minimumAmountCurrency: restrictions?.nonEmpty("minimum_amount_currency")?.toLowerCase() ?? null,
      },
      newMetadata(params.metadata()),
    );
    ctx.store.promotionCodes.set(promo.id, promo);
    ctx.events.emit("promotion_code.created", promo);
    return promo;
  }),
  route("GET", "/v1/promotion_codes/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.promotionCode(first(req), "id");
  }),
  route("POST", "/v1/promotion_codes/:id", (req) => {
    const { ctx, params } = req;
    params.only(["active", "metadata", "expand"], ["restrictions"]);
    const promo = ctx.store.promotionCode(first(req), "id");
    const before = structuredClone(promo);
    const active = params.bool("active");
    if (active !== undefined) promo.active = active;
    promo.metadata = mergeMetadata(promo.metadata ?? {}, params.metadata());
    ctx.events.emit("promotion_code.updated", promo, before);
    return promo;
  }),
  route("GET", "/v1/promotion_codes", ({ ctx, params }) => {
    params.only(["active", "code", "coupon", "customer", ...LIST_PARAMS], ["customer_account"]);
    const active = params.bool("active");
    // Stripe matches `code` case-insensitively.
    const code = params.nonEmpty("code")?.toUpperCase();
    const coupon = params.nonEmpty("coupon");
    const customer = params.nonEmpty("customer");
    const all = ctx.store
      .newestFirst(ctx.store.promotionCodes)
      .filter(
        (p) =>
          (active === undefined || p.active === active) &&
          (!code || p.code.toUpperCase() === code) &&
          (!coupon || couponOfPromo(p) === coupon) &&
          (!customer || p.customer === customer),
      );
    return listOf(all, params, "/v1/promotion_codes");
  }),
];
