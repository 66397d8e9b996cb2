// The hosted pages' HTTP side: Checkout (/c/pay/:id), the portal (/p/session/:id), invoices (/i/:id).
import type { IncomingMessage, ServerResponse } from "node:http";
import { freshSession } from "../api/checkout.ts";
import { readCard } from "../billing/cards.ts";
import { completeCheckout } from "../billing/checkout.ts";
import { checkPromotionCode, promotionByCode } from "../billing/discounts.ts";
import type { Ctx } from "../context.ts";
import { declineFor, StripeApiError } from "../errors.ts";
import { parseForm } from "../form.ts";
import { checkoutPage, sessionClosedPage } from "./checkout-page.ts";
import { invoicePage } from "./invoice-page.ts";
import { portalRequest } from "./portal-routes.ts";

import { fieldOf, html, notFound, redirect } from "./respond.ts";

function checkoutPost(ctx: Ctx, res: ServerResponse, id: string, form: Record<string, unknown>) {
  const session = ctx.store.checkoutSessions.get(id);
  if (!session) return notFound(res, "Checkout session");
  freshSession(ctx, session);
  if (session.status !== "open") return html(res, 410, sessionClosedPage(session));
  const input = {
    email: fieldOf(form, "email").trim(),
    name: fieldOf(form, "name").trim(),
    cardNumber: fieldOf(form, "card_number"),
    cardExpiry: fieldOf(form, "card_expiry"),
    cardCvc: fieldOf(form, "card_cvc"),
  };
  const customer = session.customer ? ctx.store.customers.get(session.customer as string) : undefined;
  const email = customer?.email ?? input.email;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    return html(
      res,
      400,
      checkoutPage(ctx, session, { ...input, error: "Your email address is incomplete." }),
    );
  }
  const number = fieldOf(form, "action") === "decline" ? "4000 0000 0000 0002" : input.cardNumber;
  const card = readCard(number, input.cardExpiry, input.cardCvc, ctx.store.now());
  if (!card.ok) return html(res, 402, checkoutPage(ctx, session, { ...input, error: card.decline.message }));
  const failure = ctx.store.takeFailure(customer?.id ?? null, email);
  if (failure)
    return html(res, 402, checkoutPage(ctx, session, { ...input, error: declineFor(failure).message }));
  completeCheckout(ctx, session, { email, name: input.name || null, card: card.card });
  const target =
    session.success_url?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) ?? `/c/pay/${session.id}`;
  redirect(res, target);
}

function promoPost(ctx: Ctx, res: ServerResponse, id: string, form: Record<string, unknown>) {
  const session = ctx.store.checkoutSessions.get(id);
  if (!session) return notFound(res, "Checkout session");
  if (freshSession(ctx, session).status !== "open") return html(res, 410, sessionClosedPage(session));
  if (!session.allow_promotion_codes)
    return html(res, 400, checkoutPage(ctx, session, { error: "Promotion codes are not accepted here." }));
  if (fieldOf(form, "action") === "remove") {
    session.discounts = [];
    return redirect(res, `/c/pay/${session.id}`);
  }
  const code = fieldOf(form, "code").trim();
  const promo = code ? promotionByCode(ctx.store, code) : undefined;
  if (!promo)
    return html(
      res,
      400,
      checkoutPage(ctx, session, { promoCode: code, promoError: "This code is invalid." }),
    );
  try {
    const lines = ctx.store.checkoutSetups.get(session.id)?.lines ?? [];
    checkPromotionCode(ctx.store, promo, {
      param: "promotion_code",
      customer: (session.customer as string | null) ?? null,
      amount: lines.reduce((s, l) => s + l.amount_subtotal, 0),
      currency: session.currency,
    });
  } catch (err) {
    if (!(err instanceof StripeApiError)) throw err;
    return html(res, 400, checkoutPage(ctx, session, { promoCode: code, promoError: err.message }));
  }
  session.discounts = [{ coupon: null, promotion_code: promo.id }];
  redirect(res, `/c/pay/${session.id}`);
}

/** Serves a hosted page when the path is one; false otherwise. */
export function handlePage(
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
): boolean {
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const form = req.method === "POST" ? parseForm(body) : {};
  if (parts[0] === "c" && parts[1] === "pay" && parts[2]) {
    const id = parts[2];
    if (req.method === "POST" && parts[3] === "promo") promoPost(ctx, res, id, form);
    else if (req.method === "POST" && !parts[3]) checkoutPost(ctx, res, id, form);
    else {
      const session = ctx.store.checkoutSessions.get(id);
      if (!session) notFound(res, "Checkout session");
      else if (freshSession(ctx, session).status !== "open") html(res, 200, sessionClosedPage(session));
      else html(res, 200, checkoutPage(ctx, session));
    }
    return true;
  }
  if (parts[0] === "p" && parts[1] === "session" && parts[2]) {
    portalRequest(ctx, req, res, url, parts.slice(2), form);
    return true;
  }
  if (parts[0] === "i" && parts[1] && req.method === "GET") {
    const invoice = ctx.store.invoices.get(parts[1]);
    if (invoice) html(res, 200, invoicePage(invoice));
    else notFound(res, "Invoice");
    return true;
  }
  return false;
}
