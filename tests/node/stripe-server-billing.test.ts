// Subscriptions over time on the local Stripe: per-second prorations, previews, renewals, failures, cancels.
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addIntervals, nextBoundary } from "../stripe/billing/periods.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../stripe/receiver.ts";
import { ORDERED_DELIVERY, type StripeServer, startStripeServer } from "../stripe/server.ts";
import { createPlan, sdk, subscribe } from "../stripe/testing.ts";

const SECRET = "whsec_billing_test";
let server: StripeServer;
let receiver: WebhookReceiver;
let stripe: Stripe;
let standard: Stripe.Price;
let expert: Stripe.Price;

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
  server = await startStripeServer({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    delivery: ORDERED_DELIVERY,
  });
  stripe = sdk(server);
});
beforeEach(async () => {
  standard = await createPlan(stripe, { name: "Standard", amount: 2000 });
  expert = await createPlan(stripe, { name: "Expert", amount: 6000 });
});
afterEach(async () => {
  await server.flushWebhooks();
  server.reset();
  receiver.received.length = 0;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const item = (sub: Stripe.Subscription) => sub.items.data[0] as Stripe.SubscriptionItem;
/** What Stripe charges for `amount` per period over what is left of it after `at`, by the second. */
const share = (amount: number, at: number, sub: Stripe.Subscription) =>
  Math.round(
    (amount * (item(sub).current_period_end - at)) /
      (item(sub).current_period_end - item(sub).current_period_start),
  );
const midPeriod = (sub: Stripe.Subscription) =>
  item(sub).current_period_start +
  Math.floor((item(sub).current_period_end - item(sub).current_period_start) / 3);
const prorations = (invoice: Stripe.Invoice) =>
  invoice.lines.data.filter((l) => l.parent?.subscription_item_details?.proration);

async function eventsOf(type: string) {
  await server.flushWebhooks();
  return receiver.received.filter((r) => r.event.type === type).map((r) => r.event);
}

describe("billing periods", () => {
  it.each([
    ["2026-01-31T10:00:00Z", 1, "2026-02-28T10:00:00Z"],
    ["2026-01-31T10:00:00Z", 2, "2026-03-31T10:00:00Z"],
    ["2028-01-31T00:00:00Z", 1, "2028-02-29T00:00:00Z"],
    ["2026-11-15T08:30:00Z", 12, "2027-11-15T08:30:00Z"],
  ])("a month from %s, %i times, is %s", (from, n, to) => {
    const ts = Date.parse(from) / 1000;
    expect(new Date(addIntervals(ts, "month", 1, n) * 1000).toISOString()).toBe(new Date(to).toISOString());
  });

  it("keeps the anchor's day across short months", () => {
    const anchor = Date.parse("2026-01-31T00:00:00Z") / 1000;
    const feb = nextBoundary(anchor, "month", 1, anchor);
    const mar = nextBoundary(anchor, "month", 1, feb);
    expect(new Date(mar * 1000).toISOString()).toBe("2026-03-31T00:00:00.000Z");
  });
});

describe("changing plan and seats", () => {
  it("previews an upgrade by the second, and always_invoice charges exactly the preview", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 3 });
    const at = midPeriod(sub);
    const change = { items: [{ id: item(sub).id, price: expert.id, quantity: 3 }] };
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: { ...change, proration_behavior: "always_invoice", proration_date: at },
    });
    const credit = -share(6000, at, sub);
    const debit = share(18_000, at, sub);
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview.status).toBe("draft");
    expect(prorations(preview).map((l) => [l.amount, l.quantity, l.period.start, l.period.end])).toEqual([
      [credit, 3, at, item(sub).current_period_end],
      [debit, 3, at, item(sub).current_period_end],
    ]);
    expect(preview.lines.data[0]?.description).toMatch(/^Unused time on 3 × Standard after /);
    expect(preview.lines.data[1]?.description).toMatch(/^Remaining time on 3 × Expert after /);
    expect(preview.amount_due).toBe(debit + credit);
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(at);
    expect(await stripe.invoices.list({ subscription: sub.id })).toMatchObject({ data: [expect.anything()] });

    const updated = await stripe.subscriptions.update(sub.id, {
      ...change,
      proration_behavior: "always_invoice",
      proration_date: at,
      expand: ["latest_invoice"],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_update",
      amount_due: preview.amount_due,
      amount_paid: preview.amount_due,
    });
    expect(invoice.id).toMatch(/^in_/);
    expect(item(updated)).toMatchObject({ price: { id: expert.id }, quantity: 3 });
    expect(item(updated).current_period_end).toBe(item(sub).current_period_end);

    const [updatedEvent] = (await eventsOf("customer.subscription.updated")).slice(-1);
    expect((updatedEvent?.data.object as Stripe.Subscription | undefined)?.items.data[0]?.price.id).toBe(
      expert.id,
    );
    expect(updatedEvent?.data.previous_attributes).toHaveProperty("items");
    expect(updatedEvent?.request?.id).toMatch(/^req_/);
    expect(updatedEvent?.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    const paid = (await eventsOf("invoice.paid")).map((e) => (e.data.object as Stripe.Invoice).id);
    expect(paid).toContain(invoice.id);
  });

  it("create_prorations keeps them for the renewal invoice, which then bills them with the new period", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    const at = midPeriod(sub);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, quantity: 4 }],
      proration_date: at,
    });
    expect(updated.latest_invoice).toBe(sub.latest_invoice);
    const extra = share(8000, at, sub) - share(2000, at, sub);
    const next = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(next.billing_reason).toBe("upcoming");
    expect(prorations(next).reduce((s, l) => s + l.amount, 0)).toBe(extra);
    expect(next.amount_due).toBe(extra + 8000);
    expect(next.created).toBe(item(sub).current_period_end);

    server.renewNow(sub.id);
    const renewed = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: extra + 8000,
    });
    expect(invoice.period_end).toBe(item(sub).current_period_end);
    expect(item(renewed).current_period_start).toBe(item(sub).current_period_end);
    expect(item(renewed).current_period_end).toBe(
      addIntervals(item(sub).current_period_start, "month", 1, 2),
    );
    const after = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(prorations(after)).toEqual([]);
    expect(after.amount_due).toBe(8000);
  });

  it("a downgrade credits unused time to the customer's balance, used by the next invoice", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: expert.id, quantity: 2 });
    const at = midPeriod(sub);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, price: standard.id, quantity: 1 }],
      proration_behavior: "always_invoice",
      proration_date: at,
      expand: ["latest_invoice", "customer"],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    const total = share(2000, at, sub) - share(12_000, at, sub);
    expect(invoice).toMatchObject({ total, amount_due: 0, status: "paid", ending_balance: total });
    expect((updated.customer as Stripe.Customer).balance).toBe(total);
    const next = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(next.starting_balance).toBe(total);
    expect(next.amount_due).toBe(Math.max(0, 2000 + total));
  });

  it("previews fewer seats as Stripe does: unused seats credited, the rest charged, a negative total, nothing due", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 3 });
    const at = midPeriod(sub);
    const change = { items: [{ id: item(sub).id, quantity: 2 }] };
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: { ...change, proration_behavior: "always_invoice", proration_date: at },
    });
    const credit = -share(6000, at, sub);
    const debit = share(4000, at, sub);
    expect(
      prorations(preview).map((l) => [l.amount, l.quantity, l.description?.split(" after ")[0]]),
    ).toEqual([
      [credit, 3, "Unused time on 3 × Standard"],
      [debit, 2, "Remaining time on 2 × Standard"],
    ]);
    expect(preview).toMatchObject({ total: credit + debit, amount_due: 0, starting_balance: 0 });
    const updated = await stripe.subscriptions.update(sub.id, {
      ...change,
      proration_behavior: "always_invoice",
      proration_date: at,
      expand: ["customer"],
    });
    expect((updated.customer as Stripe.Customer).balance).toBe(preview.total);
  });

  it("proration_behavior none switches at the next period without charging now", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, price: expert.id }],
      proration_behavior: "none",
    });
    expect((await stripe.invoices.list({ subscription: sub.id })).data).toHaveLength(1);
    const next = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(prorations(next)).toEqual([]);
    expect(next.amount_due).toBe(6000);
  });

  it("moving from monthly to yearly restarts the period and invoices the year now", async () => {
    const yearly = await createPlan(stripe, { name: "Standard", amount: 20_000, interval: "year" });
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    const at = midPeriod(sub);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, price: yearly.id }],
      proration_date: at,
      expand: ["latest_invoice"],
    });
    expect(item(updated).current_period_start).toBe(at);
    expect(item(updated).current_period_end).toBe(addIntervals(at, "year", 1, 1));
    expect(updated.billing_cycle_anchor).toBe(at);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.amount_due).toBe(20_000 - share(2000, at, sub));
  });

  it("seats changed twice in one period: each change credits the time left of what was debited", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    const { current_period_start: start, current_period_end: end } = item(sub);
    const first = start + Math.floor((end - start) / 4);
    const second = start + Math.floor((end - start) / 2);
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, quantity: 3 }],
      proration_behavior: "always_invoice",
      proration_date: first,
    });
    const down = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, quantity: 1 }],
      proration_behavior: "always_invoice",
      proration_date: second,
      expand: ["latest_invoice"],
    });
    const lines = (down.latest_invoice as Stripe.Invoice).lines.data.map((l) => l.amount);
    // The 1-seat debit was credited from `first` already; now the 3-seat debit (from `first`) is.
    const secondDebit = Math.round((6000 * (end - first)) / (end - start));
    const secondDebitLeft = Math.round((secondDebit * (end - second)) / (end - first));
    expect(lines).toEqual([-secondDebitLeft, share(2000, second, sub)]);
  });

  it("a forever discount reduces renewals and proration charges; credits give back what was paid", async () => {
    const welcome = (await stripe.promotionCodes.list({ code: "WELCOME10" })).data[0] as Stripe.PromotionCode;
    const { subscription: sub } = await subscribe(stripe, {
      price: standard.id,
      quantity: 1,
      discounts: [{ promotion_code: welcome.id }],
    });
    const at = midPeriod(sub);
    const preview = await stripe.invoices.createPreview({
      subscription: sub.id,
      subscription_details: {
        items: [{ id: item(sub).id, price: expert.id }],
        proration_behavior: "always_invoice",
        proration_date: at,
      },
    });
    const credit = -share(1800, at, sub);
    const debit = share(6000, at, sub);
    expect(preview.lines.data.map((l) => l.amount)).toEqual([credit, debit]);
    expect(preview.total_discount_amounts?.[0]?.amount).toBe(Math.round(debit / 10));
    expect(preview.amount_due).toBe(credit + debit - Math.round(debit / 10));
    const renewal = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(renewal.amount_due).toBe(1800);
  });

  it("refuses unknown items, inactive prices and proration dates outside the period", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: "si_nope", quantity: 2 }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: "items[0][id]" });
    const old = await createPlan(stripe, { name: "Old", amount: 100 });
    await stripe.prices.update(old.id, { active: false });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: item(sub).id, price: old.id }] }),
    ).rejects.toMatchObject({ param: "items[0][price]" });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: item(sub).id, quantity: 2 }], proration_date: 1 }),
    ).rejects.toMatchObject({ param: "proration_date" });
    await expect(stripe.invoices.createPreview({ customer: sub.customer as string })).rejects.toMatchObject({
      statusCode: 400,
      param: "subscription",
    });
  });
});

describe("renewals and failed payments", () => {
  it("advancing the clock renews in time order with invoice.paid and customer.subscription.updated", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 2 });
    await server.flushWebhooks();
    receiver.received.length = 0;
    const result = server.advanceClock(63 * 86_400);
    expect(result.renewed).toEqual([sub.id, sub.id]);
    await server.flushWebhooks();
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual([
      "subscription_cycle",
      "subscription_cycle",
      "subscription_create",
    ]);
    expect(invoices.data[0]?.created).toBe(addIntervals(item(sub).current_period_start, "month", 1, 2));
    const types = receiver.types();
    expect(types.filter((t) => t === "invoice.paid")).toHaveLength(2);
    expect(types.indexOf("customer.subscription.updated")).toBeLessThan(types.indexOf("invoice.paid"));
    const updates = await eventsOf("customer.subscription.updated");
    expect(updates[0]?.data.previous_attributes).toMatchObject({
      items: { data: [{ current_period_start: item(sub).current_period_start }] },
    });
  });

  it("a failed renewal makes the subscription past_due with invoice.payment_failed; paying it recovers", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    server.failNextPayment(sub.customer as string, "insufficient_funds");
    server.renewNow(sub.id);
    const pastDue = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(pastDue.status).toBe("past_due");
    expect(invoice).toMatchObject({ status: "open", attempted: true, attempt_count: 1, amount_paid: 0 });
    const failed = await eventsOf("invoice.payment_failed");
    expect((failed[0]?.data.object as Stripe.Invoice | undefined)?.id).toBe(invoice.id);
    const statusChange = (await eventsOf("customer.subscription.updated")).at(-1);
    expect(statusChange?.data.previous_attributes).toEqual({ status: "active" });

    server.failNextPayment(sub.customer as string);
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
      decline_code: "generic_decline",
    });
    const paid = await stripe.invoices.pay(invoice.id);
    expect(paid.status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  it("a renewal failing while the last is still unpaid marks it unpaid; its invoices then wait, unattempted", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    server.failNextPayment(sub.customer as string, "insufficient_funds");
    server.failNextPayment(sub.customer as string, "insufficient_funds");
    server.renewNow(sub.id);
    server.renewNow(sub.id);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("unpaid");
    const statusChange = (await eventsOf("customer.subscription.updated")).at(-1);
    expect(statusChange?.data.previous_attributes).toEqual({ status: "past_due" });

    // Stripe keeps invoicing an unpaid subscription but attempts no payment: the card is not charged.
    server.renewNow(sub.id);
    const lapsed = await stripe.subscriptions.retrieve(sub.id, { expand: ["latest_invoice"] });
    const open = lapsed.latest_invoice as Stripe.Invoice;
    expect(lapsed.status).toBe("unpaid");
    expect(open).toMatchObject({ status: "open", attempted: false, attempt_count: 0, amount_paid: 0 });

    expect((await stripe.invoices.pay(open.id)).status).toBe("paid");
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe("active");
  });

  it("a failed change payment: past_due by default, a 402 and no change with error_if_incomplete", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    server.failNextPayment(sub.customer as string, "generic_decline");
    const err = await stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item(sub).id, price: expert.id }],
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      })
      .catch((e) => e);
    expect(err).toMatchObject({
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
    });
    expect(item(await stripe.subscriptions.retrieve(sub.id)).price.id).toBe(standard.id);

    server.failNextPayment(sub.customer as string);
    const changed = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item(sub).id, price: expert.id }],
      proration_behavior: "always_invoice",
    });
    expect(changed.status).toBe("past_due");
    expect(item(changed).price.id).toBe(expert.id);
    expect(await eventsOf("invoice.payment_failed")).toHaveLength(1);
  });
});

describe("cancellation", () => {
  it("cancel_at_period_end sets cancel_at/canceled_at, can be undone, and the period end ends it", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    const end = item(sub).current_period_end;
    const canceling = await stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
      cancellation_details: { comment: "Too pricey", feedback: "too_expensive" },
    });
    expect(canceling).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: {
        reason: "cancellation_requested",
        feedback: "too_expensive",
        comment: "Too pricey",
      },
    });
    expect(canceling.canceled_at).toBeGreaterThan(0);
    const undone = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await expect(stripe.invoices.createPreview({ subscription: sub.id })).rejects.toMatchObject({
      code: "invoice_upcoming_none",
    });
    expect(server.advanceClock(40 * 86_400).ended).toEqual([sub.id]);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: "canceled", ended_at: end });
    const deleted = await eventsOf("customer.subscription.deleted");
    expect((deleted[0]?.data.object as Stripe.Subscription | undefined)?.status).toBe("canceled");
    expect((await stripe.subscriptions.list({ customer: sub.customer as string })).data).toEqual([]);
    expect(
      (await stripe.subscriptions.list({ customer: sub.customer as string, status: "all" })).data,
    ).toHaveLength(1);
  });

  it("cancels immediately with cancellation_details, and not twice", async () => {
    const { subscription: sub } = await subscribe(stripe, { price: standard.id, quantity: 1 });
    const canceled = await stripe.subscriptions.cancel(sub.id, {
      cancellation_details: { comment: "Bye", feedback: "unused" },
    });
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_details: { comment: "Bye", feedback: "unused", reason: "cancellation_requested" },
    });
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    await expect(stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({ code: "resource_missing" });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: item(sub).id, quantity: 2 }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    const withMeta = await stripe.subscriptions.update(sub.id, { metadata: { note: "closed" } });
    expect(withMeta.metadata).toMatchObject({ note: "closed" });
    expect((await eventsOf("customer.subscription.deleted")).length).toBe(1);
  });
});

describe("listing", () => {
  it("lists subscriptions by customer and price, invoices by customer, subscription and status", async () => {
    const a = await subscribe(stripe, { price: standard.id, quantity: 1, email: "a@example.com" });
    const b = await subscribe(stripe, { price: expert.id, quantity: 1, email: "b@example.com" });
    const byCustomer = await stripe.subscriptions.list({ customer: a.subscription.customer as string });
    expect(byCustomer.data.map((s) => s.id)).toEqual([a.subscription.id]);
    expect((await stripe.subscriptions.list({ price: expert.id })).data.map((s) => s.id)).toEqual([
      b.subscription.id,
    ]);
    const invoices = await stripe.invoices.list({
      customer: b.subscription.customer as string,
      status: "paid",
    });
    expect(invoices.data).toHaveLength(1);
    expect((await stripe.invoices.list({ status: "open" })).data).toEqual([]);
    const lines = await stripe.invoices.listLineItems(invoices.data[0]?.id as string);
    expect(lines.data[0]).toMatchObject({ object: "line_item", amount: 6000 });
    expect((await stripe.subscriptions.list({ expand: ["data.customer"] })).data[0]?.customer).toMatchObject({
      object: "customer",
    });
  });
});
