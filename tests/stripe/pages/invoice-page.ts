// The hosted invoice page (`hosted_invoice_url`): lines, discounts, totals and status.
import { formatMoney } from "../billing/money.ts";
import { formatDate } from "../billing/periods.ts";
import type { Invoice } from "../wire.ts";
import { esc, page, row, testMode } from "./layout.ts";

export function invoicePage(invoice: Invoice): string {
  const money = (n: number) => formatMoney(n, invoice.currency);
  const discount = (invoice.total_discount_amounts ?? []).reduce((s, d) => s + d.amount, 0);
  const lines = invoice.lines.data
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}<div class="muted">${formatDate(l.period.start)} – ${formatDate(l.period.end)}</div></td><td>${l.quantity ?? ""}</td><td>${money(l.amount)}</td></tr>`,
    )
    .join("");
  const body = `<header><h1>Invoice ${esc(invoice.number ?? invoice.id)}</h1><span class="badge ${invoice.status === "paid" ? "ok" : "bad"}" data-testid="invoice-status">${esc(invoice.status)}</span>${testMode}</header>
<section class="card"><p class="muted">Issued ${formatDate(invoice.created)} to ${esc(invoice.customer_email ?? "")}</p>
<table><thead><tr><th>Description</th><th>Qty</th><th>Amount</th></tr></thead><tbody>${lines}</tbody></table>
${row("Subtotal", money(invoice.subtotal))}
${discount ? row("Discount", `−${money(discount)}`) : ""}
${row("Total", money(invoice.total))}
${invoice.starting_balance ? row("Applied balance", money(invoice.starting_balance)) : ""}
${row(invoice.status === "paid" ? "Amount paid" : "Amount due", money(invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due), "invoice-amount", "total")}
</section>`;
  return page(`Invoice ${invoice.number ?? ""}`, body);
}
