// The hosted Checkout page: what is bought, the total after discount, e-mail and card, Pay or a declined card.
import { sessionRedemption, sessionTotals } from "../billing/checkout.ts";
import { formatMoney } from "../billing/money.ts";
import { intervalLabel } from "../billing/periods.ts";
import type { Ctx } from "../context.ts";
import type { CheckoutSession } from "../wire.ts";
import { esc, page, row, testMode } from "./layout.ts";

export interface CheckoutForm {
  email?: string;
  name?: string;
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
  error?: string;
  promoError?: string;
  promoCode?: string;
}

function summary(ctx: Ctx, session: CheckoutSession): string {
  const { store } = ctx;
  const lines = store.checkoutSetups.get(session.id)?.lines ?? [];
  const totals = sessionTotals(store, session);
  const currency = session.currency ?? "usd";
  const redemption = sessionRedemption(store, session);
  const first = lines[0]?.price?.recurring;
  const interval = first ? intervalLabel(first.interval, first.interval_count) : "";
  const items = lines
    .map((line) => {
      const price = line.price;
      const name = price ? store.productName(price) : (line.description ?? "");
      return `<div class="card" style="padding:12px 16px;margin:0 0 10px">
  <div class="row"><strong data-testid="checkout-plan">${esc(name)}</strong><span>${formatMoney(line.amount_subtotal, currency)}</span></div>
  <div class="muted"><span data-testid="checkout-seats">${line.quantity}</span> ${line.quantity === 1 ? "seat" : "seats"} ×
  ${formatMoney(price?.unit_amount ?? 0, currency)} per seat, billed every <span data-testid="checkout-interval">${esc(interval)}</span></div>
</div>`;
    })
    .join("");
  const coupon = redemption?.coupon;
  const label = coupon
    ? `${esc(redemption?.promotionCode?.code ?? coupon.name ?? coupon.id)} (${coupon.percent_off !== null ? `${coupon.percent_off}% off` : `${formatMoney(coupon.amount_off ?? 0, currency)} off`}${coupon.duration === "once" ? ", first payment" : coupon.duration === "repeating" ? `, ${coupon.duration_in_months} months` : ""})`
    : "";
  return `${items}
${row("Subtotal", formatMoney(totals.subtotal, currency), "checkout-subtotal")}
${coupon ? row(label, `−${formatMoney(totals.discount, currency)}`, "checkout-discount") : ""}
${row("Total due today", formatMoney(totals.total, currency), "checkout-total", "total")}
<p class="muted">Then ${formatMoney(coupon?.duration === "forever" ? totals.total : totals.subtotal, currency)} every ${esc(interval)} until you cancel.</p>`;
}

function promoForm(session: CheckoutSession, form: CheckoutForm, applied: string | null): string {
  if (!session.allow_promotion_codes) return "";
  const error = form.promoError
    ? `<div class="alert" role="alert" data-testid="promo-error">${esc(form.promoError)}</div>`
    : "";
  if (applied) {
    return `<form method="post" action="/c/pay/${esc(session.id)}/promo" class="inline">
  <div class="muted">Promotion code <strong data-testid="promo-applied">${esc(applied)}</strong> applied</div>
  <button type="submit" name="action" value="remove" data-testid="promo-remove">Remove code</button></form>`;
  }
  return `<form method="post" action="/c/pay/${esc(session.id)}/promo">
  <div class="inline"><div><label for="promo">Promotion code</label>
  <input id="promo" name="code" value="${esc(form.promoCode ?? "")}" autocomplete="off" data-testid="promo-input"></div>
  <button type="submit" name="action" value="apply" data-testid="promo-apply">Apply</button></div>${error}</form>`;
}

export function checkoutPage(ctx: Ctx, session: CheckoutSession, form: CheckoutForm = {}): string {
  const { store } = ctx;
  const customer = session.customer ? store.customers.get(session.customer as string) : undefined;
  const email = form.email ?? session.customer_email ?? customer?.email ?? "";
  const locked = !!customer?.email;
  const redemption = sessionRedemption(store, session);
  const applied = redemption?.promotionCode?.code ?? null;
  const back = session.cancel_url
    ? `<a href="${esc(session.cancel_url)}" data-testid="checkout-back">← Back</a>`
    : "";
  const body = `<header>${back}<h1>Subscribe</h1>${testMode}</header>
<div class="grid">
<section class="card" aria-label="Order summary">${summary(ctx, session)}${promoForm(session, form, applied)}</section>
<section class="card" aria-label="Payment">
<form method="post" action="/c/pay/${esc(session.id)}" data-testid="checkout-form">
  <h2>Pay with card</h2>
  ${form.error ? `<div class="alert" role="alert" data-testid="checkout-error">${esc(form.error)}</div>` : ""}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" value="${esc(email)}" ${locked ? "readonly" : ""} required data-testid="checkout-email">
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${esc(form.cardNumber ?? "4242 4242 4242 4242")}" data-testid="checkout-card-number">
  <div class="inline">
    <div><label for="card_expiry">Expiry</label><input id="card_expiry" name="card_expiry" value="${esc(form.cardExpiry ?? "12 / 34")}" autocomplete="cc-exp"></div>
    <div><label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" value="${esc(form.cardCvc ?? "123")}" autocomplete="cc-csc"></div>
  </div>
  <label for="name">Name on card</label>
  <input id="name" name="name" value="${esc(form.name ?? "")}" autocomplete="cc-name">
  <button class="primary" type="submit" name="action" value="pay" data-testid="checkout-pay">Pay</button>
  <div class="actions"><button type="submit" name="action" value="decline" data-testid="checkout-decline">Pay with a declined card</button></div>
  <p class="muted">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>
</form></section></div>`;
  return page("Checkout", body);
}

/** What a finished or expired session shows instead of the form. */
export function sessionClosedPage(session: CheckoutSession): string {
  const done = session.status === "complete";
  const link = done ? session.success_url?.replace("{CHECKOUT_SESSION_ID}", session.id) : session.cancel_url;
  const body = `<header><h1 data-testid="checkout-closed">${done ? "Payment complete" : "This checkout session has expired"}</h1>${testMode}</header>
<div class="card"><p>${done ? "Thanks, your subscription is active." : "Start again from the site to subscribe."}</p>
${link ? `<a href="${esc(link)}" data-testid="checkout-continue">${done ? "Continue" : "← Back"}</a>` : ""}</div>`;
  return page("Checkout", body);
}
