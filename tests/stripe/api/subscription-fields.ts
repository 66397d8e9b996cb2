// The non-item parts of a subscription update: cancellation, metadata, description, card, discounts.
import { redeem } from "../billing/discounts.ts";
import { periodOf } from "../billing/subscriptions.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { mergeMetadata, type Params } from "../params.ts";
import type { Subscription } from "../wire.ts";
import { readDiscounts } from "./item-changes.ts";

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
export function readCancellationDetails(params: Params) {
  const details = params.obj("cancellation_details")?.only(["comment", "feedback"], ["feedback_option"]);
  if (!details) return null;
  return { comment: details.str("comment") || null, feedback: details.enumOf("feedback", FEEDBACK) ?? null };
}

/** The non-item parts of an update, applied inside the same `customer.subscription.updated`. */
export function fieldChanges(ctx: Ctx, params: Params, sub: Subscription): (s: Subscription) => void {
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
