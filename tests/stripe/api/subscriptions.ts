// /v1/subscriptions: retrieve, list, update (items, prorations, cancel at period end, metadata), cancel.
import { applyChange, type PaymentBehavior } from "../billing/apply.ts";
import { type ProrationBehavior, planChange } from "../billing/change.ts";
import { redeem } from "../billing/discounts.ts";
import { endSubscription } from "../billing/lifecycle.ts";
import { periodOf } from "../billing/subscriptions.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest, unsupportedParam } from "../errors.ts";
import { mergeMetadata, type Params } from "../params.ts";
import type { Subscription } from "../wire.ts";
import { readDiscounts, readItemChanges } from "./item-changes.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const FEEDBACK = [
  "customer_service",
  "low_quality",
  "missing_features",
  "other",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
] as const;
const PRORATION = ["create_prorations", "always_invoice", "none"] as const;
const STATUSES = [
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "trialing",
  "paused",
];

const UPDATE_PARAMS = [
  "items",
  "proration_behavior",
  "proration_date",
  "payment_behavior",
  "cancel_at_period_end",
  "cancel_at",
  "cancellation_details",
  "metadata",
  "description",
  "discounts",
  "default_payment_method",
  "billing_cycle_anchor",
  "off_session",
  "expand",
];
const UPDATE_UNSUPPORTED = [
  "add_invoice_items",
  "application_fee_percent",
  "automatic_tax",
  "billing_schedules",
  "billing_thresholds",
  "collection_method",
  "days_until_due",
  "default_source",
  "default_tax_rates",
  "invoice_settings",
  "on_behalf_of",
  "pause_collection",
  "payment_settings",
  "pending_invoice_item_interval",
  "transfer_data",
  "trial_end",
  "trial_from_plan",
  "trial_settings",
];

export function readCancellationDetails(params: Params) {
  const details = params.obj("cancellation_details")?.only(["comment", "feedback"], ["feedback_option"]);
  if (!details) return null;
  return { comment: details.str("comment") || null, feedback: details.enumOf("feedback", FEEDBACK) ?? null };
}

/** The non-item parts of an update, applied inside the same `customer.subscription.updated`. */
function fieldChanges(ctx: Ctx, params: Params, sub: Subscription): (s: Subscription) => void {
  const now = ctx.store.now();
  const details = readCancellationDetails(params);
  const atPeriodEnd = params.bool("cancel_at_period_end");
  let cancelAt: number | null | undefined;
  if (params.has("cancel_at")) {
    const raw = params.str("cancel_at");
    if (raw === "") cancelAt = null;
    else if (raw === "max_period_end" || raw === "min_period_end") cancelAt = periodOf(sub).end;
    else cancelAt = params.int("cancel_at", { min: now });
  }
  if (atPeriodEnd && cancelAt) {
    throw invalidRequest(
      "You may only specify one of these parameters: cancel_at, cancel_at_period_end.",
      "cancel_at",
    );
  }
  const metadata = params.metadata();
  const description = params.has("description") ? params.str("description") || null : undefined;
  const paymentMethod = params.nonEmpty("default_payment_method");
  if (paymentMethod && ctx.store.cards.get(sub.customer as string)?.paymentMethod !== paymentMethod) {
    throw invalidRequest(
      `No such PaymentMethod: '${paymentMethod}'`,
      "default_payment_method",
      "resource_missing",
    );
  }
  const discounts = params.has("discounts")
    ? readDiscounts(ctx, params, {
        customer: sub.customer as string,
        subscription: sub.id,
        currency: sub.currency,
        amount: null,
      })
    : undefined;
  return (s) => {
    if (atPeriodEnd === true || (cancelAt !== undefined && cancelAt !== null)) {
      s.cancel_at = cancelAt ?? periodOf(s).end;
      s.cancel_at_period_end = s.cancel_at === periodOf(s).end;
      s.canceled_at = now;
      s.cancellation_details = {
        comment: details?.comment ?? null,
        feedback: details?.feedback ?? null,
        feedback_option: null,
        reason: "cancellation_requested",
      };
    } else if (atPeriodEnd === false || cancelAt === null) {
      s.cancel_at_period_end = false;
      s.cancel_at = null;
      s.canceled_at = null;
      s.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
    } else if (details && s.cancellation_details) {
      s.cancellation_details = { ...s.cancellation_details, ...details };
    }
    s.metadata = mergeMetadata(s.metadata, metadata);
    if (description !== undefined) s.description = description;
    if (paymentMethod) s.default_payment_method = paymentMethod;
    if (discounts) {
      for (const d of discounts) {
        if (ctx.store.discounts.has(d.id)) continue;
        ctx.store.discounts.set(d.id, d);
        const coupon = ctx.store.coupons.get(d.source.coupon as string);
        const promo = d.promotion_code ? ctx.store.promotionCodes.get(d.promotion_code as string) : undefined;
        if (coupon) redeem({ coupon, promotionCode: promo ?? null });
      }
      s.discounts = discounts.map((d) => d.id);
    }
  };
}

export const subscriptionRoutes: Route[] = [
  route("POST", "/v1/subscriptions", () => {
    throw invalidRequest(
      "Creating subscriptions directly is not implemented by the local Stripe server (tests/stripe): use a Checkout Session.",
    );
  }),
  route("GET", "/v1/subscriptions/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.subscription(first(req), "id");
  }),
  route("POST", "/v1/subscriptions/:id", (req) => {
    const { ctx, params } = req;
    params.only(UPDATE_PARAMS, UPDATE_UNSUPPORTED);
    const sub = ctx.store.subscription(first(req), "id");
    if (
      sub.status === "canceled" &&
      Object.keys(params.map).some((k) => !["metadata", "cancellation_details", "expand"].includes(k))
    ) {
      throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
    }
    const anchor = params.enumOf("billing_cycle_anchor", ["now", "unchanged"] as const);
    if (anchor === "now") throw unsupportedParam("billing_cycle_anchor");
    const paymentBehavior = params.enumOf("payment_behavior", [
      "allow_incomplete",
      "default_incomplete",
      "error_if_incomplete",
      "pending_if_incomplete",
    ] as const);
    if (paymentBehavior === "pending_if_incomplete") throw unsupportedParam("payment_behavior");
    const behavior: ProrationBehavior = params.enumOf("proration_behavior", PRORATION) ?? "create_prorations";
    const at = params.int("proration_date");
    const alsoChange = fieldChanges(ctx, params, sub);
    const changes = readItemChanges(ctx, params.list("items"));
    if (changes.length) {
      const plan = planChange(ctx.store, sub, changes, behavior, at);
      applyChange(ctx, sub, plan, {
        behavior,
        paymentBehavior: (paymentBehavior ?? "allow_incomplete") as PaymentBehavior,
        alsoChange,
      });
      return sub;
    }
    const before = structuredClone(sub);
    alsoChange(sub);
    if (JSON.stringify(before) !== JSON.stringify(sub))
      ctx.events.emit("customer.subscription.updated", sub, before);
    return sub;
  }),
  route("DELETE", "/v1/subscriptions/:id", (req) => {
    const { ctx, params } = req;
    params.only(["cancellation_details", "invoice_now", "prorate", "expand"]);
    const sub = ctx.store.subscription(first(req), "id");
    if (sub.status === "canceled") {
      throw invalidRequest(`No such subscription: '${sub.id}'`, "id", "resource_missing", 404);
    }
    endSubscription(ctx, sub, ctx.store.now(), readCancellationDetails(params), {
      prorate: params.bool("prorate") ?? false,
      invoiceNow: params.bool("invoice_now") ?? false,
    });
    return sub;
  }),
  route("GET", "/v1/subscriptions", ({ ctx, params }) => {
    params.only(
      ["customer", "price", "status", ...LIST_PARAMS],
      [
        "automatic_tax",
        "collection_method",
        "current_period_end",
        "current_period_start",
        "customer_account",
        "plan",
        "test_clock",
      ],
    );
    const customer = params.nonEmpty("customer");
    const price = params.nonEmpty("price");
    const status = params.enumOf("status", [...STATUSES, "all", "ended"]);
    const matches = (s: Subscription) =>
      (!customer || s.customer === customer) &&
      (!price || s.items.data.some((i) => i.price.id === price)) &&
      (status === "all" ||
        (status === "ended"
          ? ["canceled", "incomplete_expired"].includes(s.status)
          : status
            ? s.status === status
            : s.status !== "canceled"));
    return listOf(
      ctx.store.newestFirst(ctx.store.subscriptions).filter(matches),
      params,
      "/v1/subscriptions",
    );
  }),
];
