// /v1/checkout/sessions in subscription mode: create (price or price_data), retrieve, list, expire, line items.

import { sessionTotals } from "../billing/checkout.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { newMetadata } from "../params.ts";
import type { CheckoutSession } from "../wire.ts";
import { checkUrl, readLines, readSessionDiscounts } from "./checkout-lines.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";
import { SESSION_PARAMS, SESSION_UNSUPPORTED, sessionObject } from "./session-object.ts";

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
      discounts: readSessionDiscounts(ctx, params, customer, lines),
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
