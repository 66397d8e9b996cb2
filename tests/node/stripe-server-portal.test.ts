// The hosted billing portal over HTTP: what it shows, cancel / renew / cancel now, plan and seat changes.
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../stripe/billing/periods.ts";
import { openPage, portalAction, reviewPortalChange, testId, text } from "../stripe/hosted.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../stripe/receiver.ts";
import { ORDERED_DELIVERY, type StripeServer, startStripeServer } from "../stripe/server.ts";
import { createPlan, sdk, subscribe } from "../stripe/testing.ts";

const SECRET = "whsec_portal_test";
let server: StripeServer;
let receiver: WebhookReceiver;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
  server = await startStripeServer({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    delivery: ORDERED_DELIVERY,
  });
  stripe = sdk(server);
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

async function setup() {
  const standard = await createPlan(stripe, {
    name: "Standard",
    amount: 2000,
    lookupKey: "standard_monthly",
  });
  const expert = await createPlan(stripe, { name: "Expert", amount: 6000, lookupKey: "expert_monthly" });
  const { subscription } = await subscribe(stripe, {
    price: standard.id,
    quantity: 2,
    email: "team@example.com",
  });
  const portal = await stripe.billingPortal.sessions.create({
    customer: subscription.customer as string,
    return_url: "http://app.test/account/subscription",
  });
  await server.flushWebhooks();
  receiver.received.length = 0;
  return { standard, expert, subscription, portal };
}

const lastUpdate = async () => {
  await server.flushWebhooks();
  return receiver.received.filter((r) => r.event.type === "customer.subscription.updated").at(-1)?.event;
};

describe("billing portal sessions", () => {
  it("creates a session with Stripe's shape, for known customers only", async () => {
    const { portal, subscription } = await setup();
    expect(portal).toMatchObject({
      object: "billing_portal.session",
      customer: subscription.customer,
      return_url: "http://app.test/account/subscription",
      livemode: false,
    });
    expect(portal.id).toMatch(/^bps_/);
    expect(portal.configuration).toMatch(/^bpc_/);
    expect(portal.url).toBe(`${server.url}/p/session/${portal.id}`);
    await expect(stripe.billingPortal.sessions.create({ customer: "cus_nope" })).rejects.toMatchObject({
      code: "resource_missing",
      param: "customer",
    });
  });

  it("shows plan, seats, interval, renewal date, card, invoices and Return", async () => {
    const { portal, subscription } = await setup();
    const page = await openPage(portal.url);
    expect(page.status).toBe(200);
    expect(testId(page.html, "portal-plan")).toBe("Standard");
    expect(testId(page.html, "portal-seats")).toBe("2");
    expect(testId(page.html, "portal-interval")).toBe("month");
    expect(testId(page.html, "portal-status")).toBe("Active");
    const end = subscription.items.data[0]?.current_period_end as number;
    expect(testId(page.html, "portal-renewal")).toBe(formatDate(end));
    expect(testId(page.html, "portal-card")).toMatch(/VISA •••• 4242/);
    expect(page.html.match(/data-testid="portal-invoice"/g)).toHaveLength(1);
    expect(page.html).toContain('href="http://app.test/account/subscription"');
    expect(page.html).not.toMatch(/<(script|link)\b/);
  });
});

describe("portal discounts", () => {
  it("shows the subscription's discount", async () => {
    const price = await createPlan(stripe, { name: "Standard", amount: 2000 });
    const welcome = (await stripe.promotionCodes.list({ code: "WELCOME10" })).data[0] as Stripe.PromotionCode;
    const { subscription } = await subscribe(stripe, {
      price: price.id,
      discounts: [{ promotion_code: welcome.id }],
    });
    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
    const page = await openPage(portal.url);
    expect(testId(page.html, "portal-discount")).toBe("Discount: WELCOME10 (10% off)");
    expect(page.html).not.toContain('data-testid="portal-return"');
  });
});

describe("portal actions", () => {
  it("Cancel plan sets cancel_at_period_end with the reason; Renew plan undoes it", async () => {
    const { portal, subscription } = await setup();
    const canceled = await portalAction(portal.url, "cancel", {
      subscription: subscription.id,
      feedback: "too_expensive",
      comment: "Budget cuts",
    });
    expect(canceled).toMatchObject({ status: 303, location: `/p/session/${portal.id}?m=canceled` });
    const sub = await stripe.subscriptions.retrieve(subscription.id);
    const end = subscription.items.data[0]?.current_period_end;
    expect(sub).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: {
        reason: "cancellation_requested",
        feedback: "too_expensive",
        comment: "Budget cuts",
      },
    });
    expect(sub.canceled_at).toBeGreaterThan(0);
    const event = await lastUpdate();
    expect(event?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const page = await openPage(`${server.url}/p/session/${portal.id}?m=canceled`);
    expect(testId(page.html, "portal-message")).toMatch(/canceled at the end of the billing period/);
    expect(testId(page.html, "portal-cancel-date")).toBe(formatDate(end as number));

    await portalAction(portal.url, "renew", { subscription: subscription.id });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect((await lastUpdate())?.data.object).toMatchObject({ cancel_at_period_end: false });
  });

  it("Cancel now ends the subscription with customer.subscription.deleted", async () => {
    const { portal, subscription } = await setup();
    const res = await portalAction(portal.url, "cancel-now", { subscription: subscription.id });
    expect(res.location).toBe(`/p/session/${portal.id}?m=ended`);
    const sub = await stripe.subscriptions.retrieve(subscription.id);
    expect(sub.status).toBe("canceled");
    expect(sub.ended_at).toBeGreaterThan(0);
    const deleted = await receiver.waitFor((e) => e.type === "customer.subscription.deleted");
    expect((deleted.data.object as Stripe.Subscription).id).toBe(subscription.id);
    const page = await openPage(portal.url);
    expect(testId(page.html, "portal-status")).toBe("Canceled");
    expect(page.html).not.toContain('data-testid="portal-cancel-now"');
  });

  it("changes plan and seats: the confirm page shows the amount due, confirming charges it", async () => {
    const { portal, subscription, expert } = await setup();
    const review = await reviewPortalChange(portal.url, {
      subscription: subscription.id,
      price: expert.id,
      quantity: 3,
    });
    expect(review.status).toBe(200);
    const due = testId(review.html, "portal-amount-due") as string;
    const prorationDate = /name="proration_date" value="(\d+)"/.exec(review.html)?.[1] as string;
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0]?.id, price: expert.id, quantity: 3 }],
        proration_behavior: "always_invoice",
        proration_date: Number(prorationDate),
      },
    });
    expect(due).toBe(`$${(preview.amount_due / 100).toFixed(2)}`);
    expect(text(review.html)).toContain("Remaining time on 3 × Expert");

    const confirmed = await portalAction(portal.url, "update", {
      subscription: subscription.id,
      price: expert.id,
      quantity: "3",
      proration_date: prorationDate,
    });
    expect(confirmed.location).toBe(`/p/session/${portal.id}?m=updated`);
    const sub = await stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(sub.items.data[0]).toMatchObject({ quantity: 3, price: { id: expert.id } });
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(preview.amount_due);
    await server.flushWebhooks();
    expect(receiver.types()).toEqual([
      "customer.subscription.updated",
      "invoice.created",
      "invoice.finalized",
      "invoice.paid",
      "invoice.payment_succeeded",
    ]);
    const page = await openPage(portal.url);
    expect(testId(page.html, "portal-plan")).toBe("Expert");
    expect(page.html.match(/data-testid="portal-invoice"/g)).toHaveLength(2);
  });

  it("a failed change payment shows past due with Pay now; paying recovers", async () => {
    const { portal, subscription, expert } = await setup();
    server.failNextPayment(subscription.customer as string);
    const res = await portalAction(portal.url, "update", {
      subscription: subscription.id,
      price: expert.id,
      quantity: "2",
    });
    expect(res.location).toBe(`/p/session/${portal.id}?m=payment-failed`);
    const page = await openPage(portal.url);
    expect(testId(page.html, "portal-status")).toBe("Past due");
    const invoice = /name="invoice" value="(in_[^"]+)"/.exec(page.html)?.[1] as string;
    const paid = await portalAction(portal.url, "pay", { invoice });
    expect(paid.location).toBe(`/p/session/${portal.id}?m=paid`);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
  });

  it("Update payment method is a stub message; other customers' subscriptions are not reachable", async () => {
    const { portal } = await setup();
    const stub = await portalAction(portal.url, "payment-method");
    const page = await openPage(`${server.url}${stub.location}`);
    expect(testId(page.html, "portal-message")).toMatch(/not available in the local Stripe portal/);
    const standard = (await stripe.prices.list({ lookup_keys: ["standard_monthly"] }))
      .data[0] as Stripe.Price;
    const other = await subscribe(stripe, { price: standard.id, email: "other@example.com" });
    const foreign = await portalAction(portal.url, "cancel-now", { subscription: other.subscription.id });
    expect(foreign.status).toBe(404);
    expect((await stripe.subscriptions.retrieve(other.subscription.id)).status).toBe("active");
    expect((await openPage(`${server.url}/p/session/bps_nope`)).status).toBe(404);
  });
});
