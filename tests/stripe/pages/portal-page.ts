// The hosted billing portal: the customer's plan, seats, renewal, cancel/renew/cancel now, changes, invoices.
import { couponOf } from "../billing/discounts.ts";
import { formatMoney } from "../billing/money.ts";
import { formatDate, intervalLabel } from "../billing/periods.ts";
import { periodOf } from "../billing/subscriptions.ts";
import type { Ctx } from "../context.ts";
import type { Invoice, PortalSession, Subscription } from "../wire.ts";
import { esc, page, testMode } from "./layout.ts";

export const MESSAGES: Record<string, string> = {
  canceled: "Your plan will be canceled at the end of the billing period.",
  renewed: "Your plan will renew.",
  ended: "Your plan has been canceled.",
  updated: "Your plan has been updated.",
  "payment-failed": "Your payment failed. Your plan was changed, but the invoice is still open.",
  paid: "Thanks, your invoice is paid.",
  "pay-failed": "Your card was declined. The invoice is still open.",
  "payment-method":
    "Updating the payment method is not available in the local Stripe portal; the card on file stays in use.",
};

const FEEDBACK: [string, string][] = [
  ["", "Choose a reason (optional)"],
  ["too_expensive", "It's too expensive"],
  ["missing_features", "Some features are missing"],
  ["switched_service", "I'm switching to a different service"],
  ["unused", "I don't use the service enough"],
  ["customer_service", "Customer service was less than expected"],
  ["too_complex", "Ease of use was less than expected"],
  ["low_quality", "Quality was less than expected"],
  ["other", "Other reason"],
];

function statusBadge(sub: Subscription): string {
  if (sub.status === "canceled")
    return `<span class="badge muted" data-testid="portal-status">Canceled</span>`;
  if (sub.cancel_at !== null) {
    return `<span class="badge bad" data-testid="portal-status">Cancels ${formatDate(sub.cancel_at)}</span>`;
  }
  if (sub.status === "past_due") return `<span class="badge bad" data-testid="portal-status">Past due</span>`;
  if (sub.status === "unpaid") return `<span class="badge bad" data-testid="portal-status">Unpaid</span>`;
  return `<span class="badge ok" data-testid="portal-status">${esc(sub.status === "active" ? "Active" : sub.status)}</span>`;
}

function discountNote(ctx: Ctx, sub: Subscription): string {
  const notes = sub.discounts.flatMap((d) => {
    const discount = ctx.store.discounts.get(typeof d === "string" ? d : d.id);
    const coupon = discount ? couponOf(ctx.store, discount) : undefined;
    if (!discount || !coupon) return [];
    const promo = discount.promotion_code
      ? ctx.store.promotionCodes.get(discount.promotion_code as string)
      : undefined;
    const off =
      coupon.percent_off !== null
        ? `${coupon.percent_off}% off`
        : `${formatMoney(coupon.amount_off ?? 0, sub.currency)} off`;
    const until = discount.end ? ` until ${formatDate(discount.end)}` : "";
    return [`${esc(promo?.code ?? coupon.name ?? coupon.id)} (${off}${until})`];
  });
  return notes.length
    ? `<div class="muted" data-testid="portal-discount">Discount: ${notes.join(", ")}</div>`
    : "";
}

function changeForm(ctx: Ctx, session: PortalSession, sub: Subscription): string {
  const item = sub.items.data[0];
  if (!item) return "";
  const prices = [...ctx.store.prices.values()].filter(
    (p) =>
      p.type === "recurring" &&
      p.currency === sub.currency &&
      (p.active || p.id === item.price.id) &&
      ctx.store.products.get(p.product as string)?.active !== false,
  );
  const options = prices
    .map((p) => {
      const r = p.recurring;
      const label = `${ctx.store.productName(p)} — ${formatMoney(p.unit_amount ?? 0, p.currency)} per seat / ${r ? intervalLabel(r.interval, r.interval_count) : ""}`;
      return `<option value="${esc(p.id)}"${p.id === item.price.id ? " selected" : ""}>${esc(label)}</option>`;
    })
    .join("");
  return `<form method="get" action="/p/session/${esc(session.id)}/update" data-testid="portal-change-form">
  <h2>Change plan or seats</h2><input type="hidden" name="subscription" value="${esc(sub.id)}">
  <div class="inline"><div><label for="price-${esc(sub.id)}">Plan</label><select id="price-${esc(sub.id)}" name="price" data-testid="portal-price">${options}</select></div>
  <div style="flex:0 0 110px"><label for="quantity-${esc(sub.id)}">Seats</label><input id="quantity-${esc(sub.id)}" name="quantity" type="number" min="1" value="${item.quantity ?? 1}" data-testid="portal-quantity"></div>
  <button type="submit" data-testid="portal-review">Review change</button></div></form>`;
}

function subscriptionCard(ctx: Ctx, session: PortalSession, sub: Subscription, invoices: Invoice[]): string {
  const item = sub.items.data[0];
  const price = item?.price;
  const seats = item?.quantity ?? 1;
  const r = price?.recurring;
  const { end } = periodOf(sub);
  const base = `/p/session/${esc(session.id)}`;
  const hidden = `<input type="hidden" name="subscription" value="${esc(sub.id)}">`;
  const live = sub.status !== "canceled";
  const when =
    sub.status === "canceled"
      ? `Ended on <span data-testid="portal-ended">${formatDate(sub.ended_at ?? end)}</span>`
      : sub.cancel_at !== null
        ? `Your plan will be canceled on <span data-testid="portal-cancel-date">${formatDate(sub.cancel_at)}</span>`
        : `Renews on <span data-testid="portal-renewal">${formatDate(end)}</span>`;
  const open = invoices.find((i) => i.status === "open" && i.id === sub.latest_invoice);
  const actions = !live
    ? ""
    : `<div class="actions">${
        sub.cancel_at !== null
          ? `<form method="post" action="${base}/renew">${hidden}<button type="submit" data-testid="portal-renew">Renew plan</button></form>`
          : `<details><summary><strong>Cancel plan</strong></summary><form method="post" action="${base}/cancel">${hidden}
  <label for="feedback-${esc(sub.id)}">Why are you canceling?</label><select id="feedback-${esc(sub.id)}" name="feedback">${FEEDBACK.map(([v, l]) => `<option value="${v}">${esc(l)}</option>`).join("")}</select>
  <label for="comment-${esc(sub.id)}">Anything else?</label><textarea id="comment-${esc(sub.id)}" name="comment" rows="2"></textarea>
  <button type="submit" class="danger" data-testid="portal-cancel">Cancel plan</button></form></details>`
      }
  <form method="post" action="${base}/cancel-now">${hidden}<button type="submit" class="danger" data-testid="portal-cancel-now">Cancel now</button></form></div>`;
  return `<section class="card" data-testid="portal-subscription" data-subscription-id="${esc(sub.id)}">
  <div class="row"><h2 data-testid="portal-plan">${esc(price ? ctx.store.productName(price) : "")}</h2>${statusBadge(sub)}</div>
  <div><span data-testid="portal-seats">${seats}</span> ${seats === 1 ? "seat" : "seats"} ×
  ${formatMoney(price?.unit_amount ?? 0, sub.currency)} per <span data-testid="portal-interval">${esc(r ? intervalLabel(r.interval, r.interval_count) : "")}</span>
  = <strong>${formatMoney((price?.unit_amount ?? 0) * seats, sub.currency)}</strong></div>
  ${discountNote(ctx, sub)}
  <p class="muted">${when}</p>
  ${open ? `<div class="alert" role="alert">Your last payment of ${formatMoney(open.amount_due, open.currency)} failed.</div><form method="post" action="${base}/pay"><input type="hidden" name="invoice" value="${esc(open.id)}"><button type="submit" data-testid="portal-pay-invoice">Pay now</button></form>` : ""}
  ${actions}
  ${live && sub.cancel_at === null ? changeForm(ctx, session, sub) : ""}
</section>`;
}

export function portalPage(ctx: Ctx, session: PortalSession, message?: string): string {
  const { store } = ctx;
  const customer = store.customer(session.customer);
  const subs = store.newestFirst(store.subscriptions).filter((s) => s.customer === customer.id);
  const shown = subs.filter((s) => s.status !== "canceled");
  if (!shown.length && subs[0]) shown.push(subs[0]);
  const invoices = store.newestFirst(store.invoices).filter((i) => i.customer === customer.id);
  const card = store.cards.get(customer.id);
  const back = session.return_url
    ? `<a href="${esc(session.return_url)}" data-testid="portal-return">← Return</a>`
    : "";
  const notice =
    message && MESSAGES[message]
      ? `<div class="notice" role="status" data-testid="portal-message">${esc(MESSAGES[message])}</div>`
      : "";
  const body = `<header>${back}<h1>Billing · ${esc(customer.email ?? customer.id)}</h1>${testMode}</header>
${notice}
${shown.map((s) => subscriptionCard(ctx, session, s, invoices)).join("") || `<section class="card" data-testid="portal-no-subscription">No subscription.</section>`}
<section class="card"><h2>Payment method</h2>
  <p data-testid="portal-card">${card ? `${esc(card.brand.toUpperCase())} •••• ${esc(card.last4)} · expires ${card.expMonth}/${String(card.expYear).slice(-2)}` : "No card on file."}</p>
  <form method="post" action="/p/session/${esc(session.id)}/payment-method"><button type="submit" data-testid="portal-update-card">Update payment method</button></form>
</section>
<section class="card"><h2>Invoices</h2>
<table data-testid="portal-invoices"><thead><tr><th>Date</th><th>Number</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>
${invoices.map((i) => `<tr data-testid="portal-invoice"><td>${formatDate(i.created)}</td><td>${esc(i.number ?? "")}</td><td>${formatMoney(i.total, i.currency)}</td><td>${esc(i.status)}</td><td><a href="/i/${esc(i.id)}">View</a></td></tr>`).join("")}
</tbody></table></section>`;
  return page("Billing", body, session.locale);
}

/** "Amount due today" before a change is confirmed (the preview of an `always_invoice` update). */
export function confirmPage(
  ctx: Ctx,
  session: PortalSession,
  sub: Subscription,
  change: { price: string; quantity: number },
  preview: Invoice,
): string {
  const price = ctx.store.price(change.price);
  const r = price.recurring;
  const lines = preview.lines.data
    .map(
      (l) =>
        `<div class="row"><span>${esc(l.description)}</span><span>${formatMoney(l.amount, l.currency)}</span></div>`,
    )
    .join("");
  const discount = (preview.total_discount_amounts ?? []).reduce((s, d) => s + d.amount, 0);
  const body = `<header><a href="/p/session/${esc(session.id)}">← Back</a><h1>Confirm your change</h1>${testMode}</header>
<section class="card" data-testid="portal-confirm">
  <p><strong>${esc(ctx.store.productName(price))}</strong> · ${change.quantity} ${change.quantity === 1 ? "seat" : "seats"} ×
  ${formatMoney(price.unit_amount ?? 0, price.currency)} per ${esc(r ? intervalLabel(r.interval, r.interval_count) : "")}</p>
  ${lines || `<p class="muted">No charge now.</p>`}
  ${discount ? `<div class="row"><span>Discount</span><span>−${formatMoney(discount, preview.currency)}</span></div>` : ""}
  ${preview.starting_balance ? `<div class="row"><span>Applied balance</span><span>${formatMoney(preview.starting_balance, preview.currency)}</span></div>` : ""}
  <div class="row total"><span>Amount due today</span><span data-testid="portal-amount-due">${formatMoney(preview.amount_due, preview.currency)}</span></div>
  <form method="post" action="/p/session/${esc(session.id)}/update">
    <input type="hidden" name="subscription" value="${esc(sub.id)}"><input type="hidden" name="price" value="${esc(change.price)}">
    <input type="hidden" name="quantity" value="${change.quantity}"><input type="hidden" name="proration_date" value="${preview.parent?.subscription_details?.subscription_proration_date ?? ""}">
    <button class="primary" type="submit" data-testid="portal-confirm-change">Confirm change</button>
  </form>
</section>`;
  return page("Confirm change", body);
}
