// The hosted pages' HTTP side: Checkout (/c/pay/:id), the portal (/p/session/:id), invoices (/i/:id).
import type { IncomingMessage, ServerResponse } from "node:http";
import { freshSession } from "../api/checkout.ts";
import { applyChange } from "../billing/apply.ts";
import { readCard } from "../billing/cards.ts";
import { planChange } from "../billing/change.ts";
import { completeCheckout } from "../billing/checkout.ts";
import { activeDiscounts, checkPromotionCode, promotionByCode } from "../billing/discounts.ts";
import { draftInvoice } from "../billing/invoices.ts";
import { endSubscription, payInvoice, scheduleCancel, unscheduleCancel } from "../billing/lifecycle.ts";
import type { Ctx } from "../context.ts";
import { declineFor, StripeApiError } from "../errors.ts";
import { parseForm } from "../form.ts";
import type { PortalSession, Subscription } from "../wire.ts";
import { checkoutPage, sessionClosedPage } from "./checkout-page.ts";
import { invoicePage } from "./invoice-page.ts";
import { esc, page } from "./layout.ts";
import { confirmPage, portalPage } from "./portal-page.ts";

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

const notFound = (res: ServerResponse, what: string) =>
  html(
    res,
    404,
    page("Not found", `<div class="card" data-testid="not-found">${esc(what)} not found.</div>`),
  );

const fieldOf = (form: Record<string, unknown>, key: string) =>
  typeof form[key] === "string" ? (form[key] as string) : "";

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

function ownSubscription(ctx: Ctx, session: PortalSession, id: string): Subscription | undefined {
  const sub = ctx.store.subscriptions.get(id);
  return sub && sub.customer === session.customer ? sub : undefined;
}

function portalChange(ctx: Ctx, sub: Subscription, form: Record<string, unknown>, at?: number) {
  const item = sub.items.data[0];
  const price = ctx.store.prices.get(fieldOf(form, "price"));
  const quantity = Number(fieldOf(form, "quantity"));
  if (!item || !price || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) return null;
  return {
    change: { price: price.id, quantity },
    plan: planChange(
      ctx.store,
      sub,
      [{ id: item.id, price, quantity, deleted: false, param: "items[0]" }],
      "always_invoice",
      at,
    ),
  };
}

function portalRequest(
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  parts: string[],
  form: Record<string, unknown>,
) {
  const session = ctx.store.portalSessions.get(parts[0] ?? "");
  if (!session) return notFound(res, "Billing portal session");
  const action = parts[1] ?? "";
  const home = `/p/session/${session.id}`;
  if (req.method === "GET" && !action)
    return html(res, 200, portalPage(ctx, session, url.searchParams.get("m") ?? undefined));
  if (action === "payment-method") return redirect(res, `${home}?m=payment-method`);
  const source = req.method === "GET" ? Object.fromEntries(url.searchParams) : form;
  const sub = ownSubscription(ctx, session, fieldOf(source, "subscription"));
  if (action === "pay" && req.method === "POST") {
    const invoice = ctx.store.invoices.get(fieldOf(form, "invoice"));
    if (!invoice || invoice.customer !== session.customer || invoice.status !== "open")
      return notFound(res, "Invoice");
    return redirect(res, `${home}?m=${payInvoice(ctx, invoice) ? "pay-failed" : "paid"}`);
  }
  if (!sub) return notFound(res, "Subscription");
  if (action === "update") {
    const at = Number(fieldOf(source, "proration_date")) || undefined;
    let planned: ReturnType<typeof portalChange>;
    try {
      planned = portalChange(ctx, sub, source, at);
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      return html(
        res,
        400,
        page(
          "Change",
          `<div class="alert" role="alert">${esc(err.message)}</div><a href="${home}">← Back</a>`,
        ),
      );
    }
    if (!planned)
      return html(
        res,
        400,
        page(
          "Change",
          `<div class="alert" role="alert">Choose a plan and at least one seat.</div><a href="${home}">← Back</a>`,
        ),
      );
    const customer = ctx.store.customer(sub.customer as string);
    if (req.method === "GET") {
      const preview = draftInvoice(ctx.store, {
        customer,
        subscription: sub,
        lines: [
          ...(ctx.store.pendingLines.get(sub.id) ?? []),
          ...planned.plan.prorations,
          ...planned.plan.periodLines,
        ],
        billingReason: "upcoming",
        periodStart: planned.plan.at,
        periodEnd: planned.plan.at,
        discounts: activeDiscounts(ctx.store, sub, planned.plan.at),
        created: planned.plan.at,
        preview: true,
        prorationDate: planned.plan.at,
      });
      return html(res, 200, confirmPage(ctx, session, sub, planned.change, preview));
    }
    applyChange(ctx, sub, planned.plan, { behavior: "always_invoice", paymentBehavior: "allow_incomplete" });
    return redirect(res, `${home}?m=${sub.status === "past_due" ? "payment-failed" : "updated"}`);
  }
  if (req.method !== "POST" || sub.status === "canceled") return notFound(res, "Page");
  const details = {
    comment: fieldOf(form, "comment").trim() || null,
    feedback: fieldOf(form, "feedback") || null,
  };
  if (action === "cancel") scheduleCancel(ctx, sub, details);
  else if (action === "renew") unscheduleCancel(ctx, sub);
  else if (action === "cancel-now") endSubscription(ctx, sub, ctx.store.now(), details);
  else return notFound(res, "Page");
  redirect(res, `${home}?m=${{ cancel: "canceled", renew: "renewed", "cancel-now": "ended" }[action]}`);
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
