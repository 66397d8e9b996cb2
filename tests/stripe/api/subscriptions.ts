// /v1/subscriptions: retrieve, list, update (items, prorations, cancel at period end, metadata), cancel.
import { applyChange, type PaymentBehavior } from "../billing/apply.ts";
import { type ProrationBehavior, planChange } from "../billing/change.ts";
import { endSubscription } from "../billing/lifecycle.ts";
import { invalidRequest, unsupportedParam } from "../errors.ts";
import type { Subscription } from "../wire.ts";
import { readItemChanges } from "./item-changes.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";
import { fieldChanges, readCancellationDetails } from "./subscription-fields.ts";

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
