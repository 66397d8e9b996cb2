// /api/billing: checkout, the customer portal, plan changes with their preview, the summary, Stripe's webhook.
import { Hono } from "hono";
import { z } from "zod";
import { createCheckout, createPortal } from "../billing/checkout";
import { changePlan, previewChange } from "../billing/plan-change";
import { billingConfigured, billingUnavailable, stripeCall, stripeOf } from "../billing/stripe";
import { handleEvent, verifyEvent } from "../billing/webhook";
import type { Database } from "../db/client";
import { countTeamMembers, getSubscriptionRow } from "../db/subscriptions";
import { countPendingInvitations } from "../db/team";
import {
  billingSummaryOf,
  MAX_SEATS,
  PAID_PLANS,
  PROMOTION_CODE_MAX_LENGTH,
  stripePageLocaleOf,
} from "../domain/billing";
import { relocalizePath } from "../domain/locale-routing";
import type { Locale } from "../domain/locales";
import { safeReturnPath, withQueryParameter } from "../domain/safe-return";
import { isMemberRow } from "../domain/team";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { requestLocale } from "../middleware/request-locale";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";

const SUBSCRIPTION_PATH = "/app/account/subscription";

const planChange = z.object({
  plan: z.enum(PAID_PLANS),
  yearly: z.boolean(),
  seats: z.number().int().min(1).max(MAX_SEATS),
});

const checkoutBody = planChange.extend({
  promocode: z.string().trim().max(PROMOTION_CODE_MAX_LENGTH).optional(),
  /** Where Stripe sends the buyer back: a path of ours (the pricing page with its choices, say). */
  cancelPath: z.string().max(2_000).optional(),
  successPath: z.string().max(2_000).optional(),
});

async function summaryFor(db: Database, userId: number) {
  const own = await getSubscriptionRow(db, { userId });
  const memberOf = isMemberRow(own, userId) ? own.adminUserId : null;
  // The change page warns about the seats the members and the pending invitations hold, as the change refuses.
  const [admin, members, pending] = await Promise.all([
    memberOf ? getSubscriptionRow(db, { userId: memberOf }) : null,
    memberOf ? 0 : countTeamMembers(db, { adminUserId: userId }),
    memberOf ? 0 : countPendingInvitations(db, { adminUserId: userId, now: new Date() }),
  ]);
  return billingSummaryOf(own, admin, { members, pending });
}

/**
 * An absolute URL on this site for a path the client asked for, or the fallback path, under the prefix of the
 * language the visitor left in (without it the page would reopen in the cookie's language, or in English), with
 * the query parameter that tells the page how it came back.
 */
const siteUrl = (
  origin: string,
  locale: Locale,
  path: string | undefined,
  fallback: string,
  [name, value]: [name: string, value: string],
) => `${origin}${withQueryParameter(relocalizePath(safeReturnPath(path) ?? fallback, locale), name, value)}`;

export const billingRoutes = new Hono<AppEnv>()
  .get("/subscription", async (c) => c.json(await summaryFor(c.var.db(), signedInUser(c).id)))
  .post("/checkout", validate("json", checkoutBody), async (c) => {
    const body = c.req.valid("json");
    const user = signedInUser(c);
    const db = c.var.db();
    const origin = new URL(c.req.url).origin;
    const locale = requestLocale(c);
    const row = await getSubscriptionRow(db, { userId: user.id });
    const url = await stripeCall("checkout", () =>
      createCheckout(db, stripeOf(c.env), {
        userId: user.id,
        email: user.email,
        plan: body.plan,
        yearly: body.yearly,
        seats: body.seats,
        promocode: body.promocode || undefined,
        row,
        // Stripe puts the session id in place of {CHECKOUT_SESSION_ID}; the page only needs to know it came back.
        successUrl: siteUrl(origin, locale, body.successPath, SUBSCRIPTION_PATH, ["checkout", "success"]),
        cancelUrl: siteUrl(origin, locale, body.cancelPath, SUBSCRIPTION_PATH, ["checkout", "cancelled"]),
        locale: stripePageLocaleOf(locale),
      }),
    );
    return c.json({ url });
  })
  .post("/portal", async (c) => {
    const userId = signedInUser(c).id;
    const db = c.var.db();
    const row = await getSubscriptionRow(db, { userId });
    if (!row?.customer.startsWith("cus_") || isMemberRow(row, userId)) {
      throw new AppError(409, "no_subscription", "There is no billing account to manage yet.");
    }
    // The page knows from `billing=updated` that Stripe's webhook may still be on its way.
    const locale = requestLocale(c);
    const returnUrl = siteUrl(new URL(c.req.url).origin, locale, undefined, SUBSCRIPTION_PATH, [
      "billing",
      "updated",
    ]);
    // The portal in the page's language, as Checkout is (Stripe's own pages lack Catalan: the browser's then).
    const url = await stripeCall("portal", () =>
      createPortal(db, stripeOf(c.env), {
        userId,
        customer: row.customer,
        returnUrl,
        locale: stripePageLocaleOf(locale),
      }),
    );
    return c.json({ url });
  })
  .post("/preview", validate("json", planChange), async (c) => {
    const userId = signedInUser(c).id;
    return c.json(
      await stripeCall("preview", () =>
        previewChange(c.var.db(), stripeOf(c.env), { userId, ...c.req.valid("json") }),
      ),
    );
  })
  .post(
    "/change",
    validate("json", planChange.extend({ prorationDate: z.number().int().positive().optional() })),
    async (c) => {
      const userId = signedInUser(c).id;
      const db = c.var.db();
      await stripeCall("plan change", () =>
        changePlan(db, stripeOf(c.env), { userId, ...c.req.valid("json") }),
      );
      return c.json(await summaryFor(db, userId));
    },
  )
  .post("/webhook", async (c) => {
    if (!billingConfigured(c.env) || !c.env.STRIPE_WEBHOOK_SECRET) throw billingUnavailable();
    const stripe = stripeOf(c.env);
    const event = await verifyEvent(stripe, {
      body: await c.req.text(),
      signature: c.req.header("Stripe-Signature"),
      secret: c.env.STRIPE_WEBHOOK_SECRET,
    });
    return c.json({
      received: true,
      outcome: await stripeCall(event.type, () => handleEvent(c.var.db(), stripe, event)),
    });
  });
