// Checkout in subscription mode: the session API, the hosted page over HTTP, paying, declines, promotion codes.
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addIntervals } from "../stripe/billing/periods.ts";
import { applyPromotionCode, openPage, payCheckout, testId, text } from "../stripe/hosted.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../stripe/receiver.ts";
import { ORDERED_DELIVERY, type StripeServer, startStripeServer } from "../stripe/server.ts";
import { createPlan, sdk } from "../stripe/testing.ts";

const SECRET = "whsec_checkout_test";
let server: StripeServer;
let receiver: WebhookReceiver;
let stripe: Stripe;
let standard: Stripe.Price;

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

async function newSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  standard = await createPlan(stripe, { name: "Standard", amount: 2000, lookupKey: "standard_monthly" });
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: standard.id, quantity: 3 }],
    customer_email: "ada@example.com",
    client_reference_id: "user_42",
    metadata: { userId: "user_42" },
    subscription_data: { metadata: { userId: "user_42", seats: "3" } },
    success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/pricing",
    ...extra,
  });
}

describe("creating a session", () => {
  it("returns an open session with Stripe's shape and a hosted url", async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: 6000,
      amount_total: 6000,
      currency: "usd",
      customer: null,
      customer_email: "ada@example.com",
      client_reference_id: "user_42",
      metadata: { userId: "user_42" },
      subscription: null,
      livemode: false,
      success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${server.url}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(86_400);
    expect(session.line_items).toBeUndefined();
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["line_items.data.price.product"],
    });
    expect(expanded.line_items?.data[0]).toMatchObject({ object: "item", quantity: 3, amount_total: 6000 });
    expect((expanded.line_items?.data[0]?.price?.product as Stripe.Product | undefined)?.name).toBe(
      "Standard",
    );
    const listed = await stripe.checkout.sessions.listLineItems(session.id);
    expect(listed.data).toHaveLength(1);
  });

  it("creates inline prices from price_data with product_data or product", async () => {
    const product = await stripe.products.create({ name: "Expert" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: 5000,
            recurring: { interval: "year" },
            product: product.id,
          },
          quantity: 2,
        },
      ],
      success_url: "http://app.test/ok",
    });
    expect(session.amount_total).toBe(10_000);
    const inline = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [
        {
          price_data: {
            currency: "usd",
            unit_amount: 1000,
            recurring: { interval: "month" },
            product_data: { name: "Starter (team)" },
          },
          quantity: 1,
        },
      ],
      success_url: "http://app.test/ok",
      expand: ["line_items"],
    });
    const price = inline.line_items?.data[0]?.price as Stripe.Price;
    expect(price).toMatchObject({ active: false, unit_amount: 1000, recurring: { interval: "month" } });
    expect((await stripe.products.retrieve(price.product as string)).name).toBe("Starter (team)");
  });

  it("refuses what Stripe refuses", async () => {
    const price = await createPlan(stripe, { name: "S", amount: 100 });
    const base = { mode: "subscription" as const, success_url: "http://app.test/ok" };
    await expect(stripe.checkout.sessions.create({ ...base })).rejects.toMatchObject({
      statusCode: 400,
      param: "line_items",
    });
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: price.id }] }),
    ).rejects.toMatchObject({ param: "line_items[0][quantity]" });
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_nope", quantity: 1 }] }),
    ).rejects.toMatchObject({ code: "resource_missing", param: "line_items[0][price]" });
    const oneTime = await stripe.prices.create({
      currency: "usd",
      unit_amount: 100,
      product_data: { name: "x" },
    });
    await expect(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: oneTime.id, quantity: 1 }] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/non-recurring prices/) });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: price.id, quantity: 1 }],
        allow_promotion_codes: true,
        discounts: [{ promotion_code: "promo_x" }],
      }),
    ).rejects.toMatchObject({
      message: "You may only specify one of these parameters: allow_promotion_codes, discounts.",
    });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: price.id, quantity: 1 }],
        customer: "cus_nope",
      }),
    ).rejects.toMatchObject({ code: "resource_missing", param: "customer" });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        mode: "payment",
        line_items: [{ price: price.id, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "mode" });
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { trial_period_days: 7 },
      }),
    ).rejects.toMatchObject({ param: "subscription_data[trial_period_days]" });
  });

  it("expires an open session, and not twice", async () => {
    const session = await newSession();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    const page = await openPage(session.url as string);
    expect(testId(page.html, "checkout-closed")).toMatch(/expired/);
    await server.flushWebhooks();
    expect(receiver.types()).toContain("checkout.session.expired");
  });
});

describe("the hosted Checkout page", () => {
  it("shows plan, seats, interval and total, the e-mail prefilled, and Back to cancel_url", async () => {
    const session = await newSession();
    const page = await openPage(session.url as string);
    expect(page.status).toBe(200);
    expect(testId(page.html, "checkout-plan")).toBe("Standard");
    expect(testId(page.html, "checkout-seats")).toBe("3");
    expect(testId(page.html, "checkout-interval")).toBe("month");
    expect(testId(page.html, "checkout-total")).toBe("$60.00");
    expect(page.html).toMatch(/data-testid="checkout-email"|value="ada@example.com"/);
    expect(page.html).toContain('value="ada@example.com"');
    expect(page.html).toContain('href="http://app.test/pricing"');
    expect(page.html).not.toMatch(/<(script|link)\b/);
  });

  it("paying creates customer, active subscription and paid invoice, completes the session, then redirects", async () => {
    const session = await newSession();
    await server.flushWebhooks();
    receiver.received.length = 0;
    const paid = await payCheckout(session.url as string, { email: "ada@example.com", name: "Ada" });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/billing/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.latest_invoice", "customer"],
    });
    expect(done).toMatchObject({
      status: "complete",
      payment_status: "paid",
      amount_total: 6000,
      url: null,
      customer_details: { email: "ada@example.com", name: "Ada" },
    });
    expect((done.customer as Stripe.Customer).email).toBe("ada@example.com");
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      object: "subscription",
      status: "active",
      customer: (done.customer as Stripe.Customer).id,
      metadata: { userId: "user_42", seats: "3" },
      cancel_at_period_end: false,
      billing_mode: { type: "flexible" },
    });
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    expect(item).toMatchObject({ quantity: 3, price: { id: standard.id } });
    expect(item.current_period_end).toBe(addIntervals(item.current_period_start, "month", 1, 1));
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(5);
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      billing_reason: "subscription_create",
      amount_due: 6000,
      amount_paid: 6000,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 6000,
      quantity: 3,
      description: "3 × Standard (at $20.00 / month)",
    });

    await server.flushWebhooks();
    expect(receiver.rejected).toEqual([]);
    expect(receiver.types()).toEqual([
      "customer.created",
      "customer.updated",
      "customer.subscription.created",
      "invoice.created",
      "invoice.finalized",
      "invoice.paid",
      "invoice.payment_succeeded",
      "customer.subscription.updated",
      "checkout.session.completed",
    ]);
    const completed = (await receiver.waitFor((e) => e.type === "checkout.session.completed")).data
      .object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, subscription: sub.id, client_reference_id: "user_42" });
    const created = (await receiver.waitFor((e) => e.type === "customer.subscription.created")).data
      .object as Stripe.Subscription;
    expect(created.status).toBe("incomplete");
    const activated = await receiver.waitFor((e) => e.type === "customer.subscription.updated");
    expect(activated.data.previous_attributes).toEqual({ status: "incomplete" });

    const again = await openPage(session.url as string);
    expect(testId(again.html, "checkout-closed")).toBe("Payment complete");
  });

  it("a declined card shows the decline message, creates nothing, and the person can try again", async () => {
    const session = await newSession();
    const declined = await payCheckout(session.url as string, { email: "ada@example.com", decline: true });
    expect(declined.status).toBe(402);
    expect(testId(declined.html, "checkout-error")).toBe("Your card was declined.");
    const funds = await payCheckout(session.url as string, {
      email: "ada@example.com",
      cardNumber: "4000 0000 0000 9995",
    });
    expect(testId(funds.html, "checkout-error")).toBe("Your card has insufficient funds.");
    const typo = await payCheckout(session.url as string, {
      email: "ada@example.com",
      cardNumber: "4242 4242 4242 4241",
    });
    expect(testId(typo.html, "checkout-error")).toBe("Your card number is invalid.");
    expect((await stripe.subscriptions.list()).data).toEqual([]);
    expect((await stripe.customers.list()).data).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");

    const paid = await payCheckout(session.url as string, { email: "ada@example.com" });
    expect(paid.status).toBe(303);
    expect((await stripe.subscriptions.list()).data).toHaveLength(1);
  });

  it("fails when a test asked the customer's next payment to fail", async () => {
    const session = await newSession();
    server.failNextPayment("ada@example.com", "insufficient_funds");
    const failed = await payCheckout(session.url as string, { email: "ada@example.com" });
    expect(testId(failed.html, "checkout-error")).toBe("Your card has insufficient funds.");
    expect((await payCheckout(session.url as string, { email: "ada@example.com" })).status).toBe(303);
  });

  it("applies a promotion code on the page (allow_promotion_codes) and bills the discounted total", async () => {
    const session = await newSession({ allow_promotion_codes: true });
    const wrong = await applyPromotionCode(session.url as string, "NOPE");
    expect(testId(wrong.html, "promo-error")).toBe("This code is invalid.");
    const inactive = await applyPromotionCode(session.url as string, "EXPIRED");
    expect(inactive.status).toBe(400);
    const applied = await applyPromotionCode(session.url as string, "welcome10");
    expect(applied.status).toBe(303);
    const page = await openPage(session.url as string);
    expect(testId(page.html, "promo-applied")).toBe("WELCOME10");
    expect(testId(page.html, "checkout-discount")).toBe("−$6.00");
    expect(testId(page.html, "checkout-total")).toBe("$54.00");
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ amount_total: 5400, total_details: { amount_discount: 600 } });

    await payCheckout(session.url as string, { email: "ada@example.com" });
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription.latest_invoice", "subscription.discounts"],
    });
    const sub = done.subscription as Stripe.Subscription;
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(5400);
    expect(sub.discounts[0]).toMatchObject({
      object: "discount",
      source: { coupon: "welcome-10", type: "coupon" },
    });
    const promo = (await stripe.promotionCodes.list({ code: "WELCOME10" })).data[0];
    expect(promo?.times_redeemed).toBe(1);
  });

  it("takes discounts[0][promotion_code] at creation (HALF: 50 % once)", async () => {
    const half = (await stripe.promotionCodes.list({ code: "HALF", active: true }))
      .data[0] as Stripe.PromotionCode;
    const session = await newSession({ discounts: [{ promotion_code: half.id }] });
    expect(session).toMatchObject({ amount_total: 3000, discounts: [{ promotion_code: half.id }] });
    const page = await openPage(session.url as string);
    expect(text(page.html)).toContain("HALF (50% off, first payment)");
    expect(testId(page.html, "checkout-total")).toBe("$30.00");
    await payCheckout(session.url as string, { email: "ada@example.com" });
    const sub = (await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] }))
      .subscription as Stripe.Subscription;
    // A once-only discount is spent by the first invoice.
    expect(sub.discounts).toEqual([]);
    const next = await stripe.invoices.createPreview({ subscription: sub.id });
    expect(next.amount_due).toBe(6000);
  });

  it("uses an existing customer (customer=) and keeps its e-mail", async () => {
    const customer = await stripe.customers.create({ email: "known@example.com" });
    const session = await newSession({ customer: customer.id, customer_email: undefined });
    const page = await openPage(session.url as string);
    expect(page.html).toContain('value="known@example.com" readonly');
    await payCheckout(session.url as string, { email: "ignored@example.com" });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done.customer).toBe(customer.id);
    expect((await stripe.customers.list()).data).toHaveLength(1);
  });
});
