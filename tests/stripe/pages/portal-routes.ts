// The portal's actions over HTTP: cancel, renew, cancel now, review and confirm a change, pay, card stub.
import type { IncomingMessage, ServerResponse } from "node:http";
import { applyChange } from "../billing/apply.ts";
import { planChange } from "../billing/change.ts";
import { activeDiscounts } from "../billing/discounts.ts";
import { draftInvoice } from "../billing/invoices.ts";
import { endSubscription, payInvoice, scheduleCancel, unscheduleCancel } from "../billing/lifecycle.ts";
import type { Ctx } from "../context.ts";
import { StripeApiError } from "../errors.ts";
import type { PortalSession, Subscription } from "../wire.ts";
import { esc, page } from "./layout.ts";
import { confirmPage, portalPage } from "./portal-page.ts";
import { fieldOf, html, notFound, redirect } from "./respond.ts";

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

export function portalRequest(
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
