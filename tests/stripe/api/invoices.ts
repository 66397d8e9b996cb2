// /v1/invoices: retrieve, list, lines, pay, and create_preview (a change's prorations or the next renewal).
import { type ProrationBehavior, planChange } from "../billing/change.ts";
import { activeDiscounts } from "../billing/discounts.ts";
import { draftInvoice, invoiceSubscriptionId } from "../billing/invoices.ts";
import { payInvoice } from "../billing/lifecycle.ts";
import { periodLine } from "../billing/lines.ts";
import { nextBoundary } from "../billing/periods.ts";
import { intervalOf, newSubscription, periodOf } from "../billing/subscriptions.ts";
import type { Ctx } from "../context.ts";
import { cardError, invalidRequest } from "../errors.ts";
import type { Params } from "../params.ts";
import type { Invoice } from "../wire.ts";
import { readDiscounts, readItemChanges } from "./item-changes.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const PREVIEW_UNSUPPORTED = [
  "automatic_tax",
  "currency",
  "customer_account",
  "customer_details",
  "invoice_items",
  "issuer",
  "on_behalf_of",
  "preview_mode",
  "schedule",
  "schedule_details",
];
const DETAILS_UNSUPPORTED = [
  "billing_cycle_anchor",
  "billing_schedules",
  "cancel_at",
  "cancel_at_period_end",
  "cancel_now",
  "default_tax_rates",
  "pause",
  "resume_at",
  "trial_end",
];

const noUpcoming = (customer: string) =>
  invalidRequest(`No upcoming invoices for customer: ${customer}`, undefined, "invoice_upcoming_none");

/** Previews a change to an existing subscription (or its next renewal when nothing changes). */
function previewExisting(ctx: Ctx, params: Params, details: Params | undefined): Invoice {
  const { store } = ctx;
  const sub = store.subscription(params.reqStr("subscription"), "subscription");
  const customerId = params.nonEmpty("customer");
  if (customerId && customerId !== sub.customer) {
    throw invalidRequest(`The subscription ${sub.id} does not belong to customer ${customerId}.`, "customer");
  }
  const customer = store.customer(sub.customer as string);
  if (sub.status === "canceled") throw noUpcoming(customer.id);
  const changes = readItemChanges(ctx, details?.list("items"));
  const behavior: ProrationBehavior =
    details?.enumOf("proration_behavior", ["create_prorations", "always_invoice", "none"] as const) ??
    "create_prorations";
  const plan = planChange(store, sub, changes, behavior, details?.int("proration_date"));
  const at = plan.at;
  const pending = store.pendingLines.get(sub.id) ?? [];
  const discounts = params.has("discounts")
    ? readDiscounts(ctx, params, {
        customer: customer.id,
        subscription: sub.id,
        currency: sub.currency,
        amount: null,
      })
    : null;
  const immediate = [...plan.prorations, ...plan.periodLines];
  if ((behavior === "always_invoice" || plan.resetsPeriod) && immediate.length) {
    return draftInvoice(store, {
      customer,
      subscription: sub,
      lines: [...pending, ...immediate],
      billingReason: "upcoming",
      periodStart: at,
      periodEnd: at,
      discounts: discounts ?? activeDiscounts(store, sub, at),
      created: at,
      preview: true,
      prorationDate: at,
    });
  }
  if (
    !changes.length &&
    (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= periodOf(sub).end))
  ) {
    throw noUpcoming(customer.id);
  }
  const current = periodOf(sub);
  const first = plan.items[0];
  const { interval, count } = intervalOf(first ? first.price : (sub.items.data[0]?.price as never));
  const next = {
    start: current.end,
    end: nextBoundary(sub.billing_cycle_anchor, interval, count, current.end),
  };
  return draftInvoice(store, {
    customer,
    subscription: sub,
    lines: [
      ...pending,
      ...(behavior === "create_prorations" ? plan.prorations : []),
      ...plan.items.map((item) => periodLine(store, sub, item, next)),
    ],
    billingReason: "upcoming",
    periodStart: current.start,
    periodEnd: current.end,
    discounts: discounts ?? activeDiscounts(store, sub, current.end),
    created: current.end,
    preview: true,
    ...(changes.length ? { prorationDate: at } : {}),
  });
}

/** Previews the first invoice of a subscription that does not exist yet. */
function previewNew(ctx: Ctx, params: Params, details: Params): Invoice {
  const { store } = ctx;
  const customer = store.customer(params.reqStr("customer"));
  const changes = readItemChanges(ctx, details.list("items"));
  const items = changes.map((c) => {
    if (!c.price)
      throw invalidRequest(
        `Missing required param: ${c.param}[price].`,
        `${c.param}[price]`,
        "parameter_missing",
      );
    if (c.price.type !== "recurring")
      throw invalidRequest(`The price ${c.price.id} is not recurring.`, `${c.param}[price]`);
    return { price: c.price, quantity: c.quantity ?? 1 };
  });
  const start = details.int("start_date") ?? store.now();
  const sub = newSubscription({
    customer: customer.id,
    items,
    metadata: {},
    description: null,
    start,
    paymentMethod: null,
    discounts: [],
  });
  const lines = sub.items.data.map((item) => periodLine(store, sub, item, periodOf(sub)));
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  return draftInvoice(store, {
    customer,
    subscription: null,
    lines,
    billingReason: "upcoming",
    periodStart: start,
    periodEnd: start,
    discounts: readDiscounts(ctx, params, {
      customer: customer.id,
      subscription: null,
      currency: sub.currency,
      amount,
    }),
    created: start,
    preview: true,
  });
}

export const invoiceRoutes: Route[] = [
  route("POST", "/v1/invoices/create_preview", ({ ctx, params }) => {
    params.only(
      ["customer", "subscription", "subscription_details", "discounts", "expand"],
      PREVIEW_UNSUPPORTED,
    );
    const details = params
      .obj("subscription_details")
      ?.only(
        ["items", "proration_behavior", "proration_date", "metadata", "start_date", "billing_mode"],
        DETAILS_UNSUPPORTED,
      );
    if (params.has("subscription")) return previewExisting(ctx, params, details);
    if (details?.has("items")) return previewNew(ctx, params, details);
    throw invalidRequest(
      "Missing required param: subscription (or subscription_details[items]). Since 2025-03-31.basil a preview needs the subscription it is about.",
      "subscription",
      "parameter_missing",
    );
  }),
  route("GET", "/v1/invoices/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.invoice(first(req), "id");
  }),
  route("GET", "/v1/invoices/:id/lines", (req) => {
    req.params.only([...LIST_PARAMS]);
    const invoice = req.ctx.store.invoice(first(req), "invoice");
    return listOf([...invoice.lines.data], req.params, `/v1/invoices/${invoice.id}/lines`);
  }),
  route("POST", "/v1/invoices/:id/pay", (req) => {
    req.params.only(
      ["expand", "off_session"],
      ["forgive", "mandate", "paid_out_of_band", "payment_method", "source"],
    );
    const invoice = req.ctx.store.invoice(first(req), "id");
    const decline = payInvoice(req.ctx, invoice);
    if (decline) throw cardError(decline);
    return invoice;
  }),
  route("GET", "/v1/invoices", ({ ctx, params }) => {
    params.only(
      ["customer", "subscription", "status", ...LIST_PARAMS],
      ["collection_method", "customer_account", "due_date"],
    );
    const customer = params.nonEmpty("customer");
    const subscription = params.nonEmpty("subscription");
    const status = params.enumOf("status", ["draft", "open", "paid", "uncollectible", "void"] as const);
    const all = ctx.store
      .newestFirst(ctx.store.invoices)
      .filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || invoiceSubscriptionId(i) === subscription) &&
          (!status || i.status === status),
      );
    return listOf(all, params, "/v1/invoices");
  }),
];
