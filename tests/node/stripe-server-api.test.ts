// The local Stripe server's REST protocol, driven by the official SDK: auth, errors, idempotency, lists, catalog.
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDERED_DELIVERY, type StripeServer, startStripeServer } from "../stripe/server.ts";
import { createPlan, sdk, subscribe } from "../stripe/testing.ts";

let server: StripeServer;
let stripe: Stripe;

beforeAll(async () => {
  server = await startStripeServer({ webhookSecret: "whsec_test", delivery: ORDERED_DELIVERY });
  stripe = sdk(server);
});
afterEach(() => server.reset());
afterAll(() => server.close());

const raw = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

describe("protocol", () => {
  it("pins the API version the installed SDK sends, and echoes Stripe-Version", async () => {
    expect(server.apiVersion).toBe(Stripe.API_VERSION);
    const customer = await stripe.customers.create({ email: "v@example.com" });
    expect(customer.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
  });

  it("answers 401 in Stripe's shape without a key or with a malformed one", async () => {
    const res = await raw("/v1/customers");
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/You did not provide an API key/);
    await expect(sdk(server, "pk_test_nope").customers.list()).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      code: "api_key_invalid",
    });
  });

  it("builds hosted URLs on publicUrl when browsers reach the server elsewhere", async () => {
    const proxied = await startStripeServer({
      webhookSecret: "whsec_x",
      publicUrl: "http://stripe.localhost:8443/",
    });
    try {
      const price = await createPlan(sdk(proxied), { name: "P", amount: 100 });
      const session = await sdk(proxied).checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: "http://app.test/ok",
      });
      expect(session.url).toBe(`http://stripe.localhost:8443/c/pay/${session.id}`);
      expect(proxied.url).toBe(`http://127.0.0.1:${proxied.port}`);
    } finally {
      await proxied.close();
    }
  });

  it("only accepts the configured key when one is set", async () => {
    const strict = await startStripeServer({ webhookSecret: "whsec_x", apiKey: "sk_test_right" });
    try {
      await expect(sdk(strict, "sk_test_wrong").customers.list()).rejects.toMatchObject({ statusCode: 401 });
      await expect(sdk(strict, "sk_test_right").customers.list()).resolves.toMatchObject({ object: "list" });
    } finally {
      await strict.close();
    }
  });

  it("answers unknown ids with resource_missing (404) and unknown URLs with 404", async () => {
    const err = await stripe.customers.retrieve("cus_missing").catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id" });
    expect(err.message).toBe("No such customer: 'cus_missing'");
    expect(err.doc_url).toBe("https://stripe.com/docs/error-codes/resource-missing");
    for (const call of [
      () => stripe.subscriptions.retrieve("sub_missing"),
      () => stripe.invoices.retrieve("in_missing"),
      () => stripe.prices.retrieve("price_missing"),
      () => stripe.checkout.sessions.retrieve("cs_test_missing"),
      () => stripe.promotionCodes.retrieve("promo_missing"),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "resource_missing", statusCode: 404 });
    }
    const res = await raw("/v1/teapots", { headers: { authorization: "Bearer sk_test_x" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/teapots\)/,
    );
  });

  it("rejects bad params with a 400 that names them", async () => {
    const missing = await stripe.prices
      .create({ currency: "usd", unit_amount: 100 } as never)
      .catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "product" });
    await expect(stripe.customers.create({ emial: "x" } as never)).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_unknown",
      param: "emial",
      message: "Received unknown parameter: emial",
    });
    await expect(stripe.customers.list({ limit: 1000 })).rejects.toMatchObject({
      statusCode: 400,
      param: "limit",
    });
    await expect(stripe.customers.list({ limit: "ten" as never })).rejects.toMatchObject({
      code: "parameter_invalid_integer",
    });
    // A real Stripe param this server does not implement is refused, not silently ignored.
    await expect(stripe.customers.create({ tax_exempt: "exempt" })).rejects.toMatchObject({
      statusCode: 400,
      param: "tax_exempt",
      message: expect.stringMatching(/does not implement/),
    });
    await expect(stripe.customers.retrieve("cus_x", { expand: ["nope"] })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("replays a request with the same Idempotency-Key and refuses the key with other params", async () => {
    const first = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "key-1" });
    const again = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "key-1" });
    expect(again.id).toBe(first.id);
    expect((await stripe.customers.list({ email: "idem@example.com" })).data).toHaveLength(1);
    const err = await stripe.customers
      .create({ email: "other@example.com" }, { idempotencyKey: "key-1" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.message).toMatch(/Keys for idempotent requests can only be used with the same parameters/);
    const res = await raw("/v1/customers", {
      method: "POST",
      headers: { authorization: "Bearer sk_test_x", "idempotency-key": "key-2" },
      body: "email=raw%40example.com",
    });
    const replay = await raw("/v1/customers", {
      method: "POST",
      headers: { authorization: "Bearer sk_test_x", "idempotency-key": "key-2" },
      body: "email=raw%40example.com",
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(await res.json());
  });

  it("parses nested brackets, `[]` arrays and metadata, and unsets with empty strings", async () => {
    const a = await createPlan(stripe, { name: "A", amount: 100, lookupKey: "a_key" });
    const b = await createPlan(stripe, { name: "B", amount: 200, lookupKey: "b_key" });
    const res = await raw("/v1/prices?lookup_keys[]=a_key&lookup_keys[]=b_key&expand[]=data.product", {
      headers: { authorization: "Bearer sk_test_x" },
    });
    const prices = (await res.json()) as Stripe.ApiList<Stripe.Price>;
    expect(prices.data.map((p) => [p.id, (p.product as Stripe.Product).name])).toEqual([
      [b.id, "B"],
      [a.id, "A"],
    ]);
    const created = await raw("/v1/customers", {
      method: "POST",
      headers: { authorization: "Bearer sk_test_x", "content-type": "application/x-www-form-urlencoded" },
      body: "email=n%40example.com&name=Ada+Lovelace&metadata[user_id]=u_1&metadata[plan]=standard",
    });
    const customer = (await created.json()) as Stripe.Customer;
    expect(customer).toMatchObject({ name: "Ada Lovelace", metadata: { user_id: "u_1", plan: "standard" } });
    const updated = await stripe.customers.update(customer.id, { metadata: { plan: "" }, name: "" });
    expect(updated.metadata).toEqual({ user_id: "u_1" });
    expect(updated.name).toBeNull();
    const cleared = await stripe.customers.update(customer.id, { metadata: "" as never });
    expect(cleared.metadata).toEqual({});
  });
});

describe("customers", () => {
  it("creates, retrieves, updates and lists by email, newest first", async () => {
    const a = await stripe.customers.create({ email: "a@example.com", name: "A", metadata: { userId: "1" } });
    expect(a).toMatchObject({
      object: "customer",
      email: "a@example.com",
      livemode: false,
      balance: 0,
      metadata: { userId: "1" },
    });
    expect(a.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(Math.abs(a.created - Date.now() / 1000)).toBeLessThan(5);
    await stripe.customers.create({ email: "b@example.com" });
    const a2 = await stripe.customers.create({ email: "a@example.com" });
    const list = await stripe.customers.list({ email: "a@example.com" });
    expect(list).toMatchObject({ object: "list", has_more: false, url: "/v1/customers" });
    expect(list.data.map((c) => c.id)).toEqual([a2.id, a.id]);
    expect((await stripe.customers.retrieve(a.id)) as Stripe.Customer).toMatchObject({
      email: "a@example.com",
    });
    const updated = await stripe.customers.update(a.id, { email: "a+new@example.com" });
    expect(updated.email).toBe("a+new@example.com");
  });

  it("deletes a customer as Stripe does: ended subscriptions, what is left on retrieve, no such customer elsewhere", async () => {
    const price = await createPlan(stripe, { name: "Seat", amount: 1000 });
    const { subscription } = await subscribe(stripe, { price: price.id, email: "gone@example.com" });
    const customer = subscription.customer as string;
    const stub = { id: customer, object: "customer", deleted: true };

    expect(await stripe.customers.del(customer)).toMatchObject(stub);
    // Its live subscription ended with it, and the events say so.
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("canceled");
    expect(server.events().map((r) => r.event.type)).toEqual(
      expect.arrayContaining(["customer.subscription.deleted", "customer.deleted"]),
    );
    // Retrieved, or expanded from its subscription: only what is left of it.
    expect(await stripe.customers.retrieve(customer)).toMatchObject(stub);
    const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ["customer"] });
    expect(expanded.customer).toEqual(stub);
    // Anything that would use it: No such customer (404 resource_missing), as the portal answers.
    const missing = { statusCode: 404, code: "resource_missing", message: `No such customer: '${customer}'` };
    await expect(
      stripe.billingPortal.sessions.create({ customer, return_url: "http://app.test/" }),
    ).rejects.toMatchObject({ ...missing, param: "customer" });
    await expect(stripe.customers.update(customer, { name: "Back" })).rejects.toMatchObject(missing);
    await expect(stripe.customers.del(customer)).rejects.toMatchObject(missing);
    expect((await stripe.customers.list({ email: "gone@example.com" })).data).toEqual([]);
    await expect(stripe.customers.del("cus_missing")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("paginates with starting_after, as the SDK's auto-pagination does", async () => {
    for (let i = 0; i < 7; i++) await stripe.customers.create({ email: `p${i}@example.com` });
    const page = await stripe.customers.list({ limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.has_more).toBe(true);
    const all = await stripe.customers.list({ limit: 3 }).autoPagingToArray({ limit: 100 });
    expect(all.map((c) => c.email)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `p${i}@example.com`));
    const before = await stripe.customers.list({ ending_before: all[3]?.id, limit: 2 });
    expect(before.data.map((c) => c.email)).toEqual(["p5@example.com", "p4@example.com"]);
  });
});

describe("products and prices", () => {
  it("creates prices with lookup keys, lists them by lookup_keys[] and active, and transfers keys", async () => {
    const starter = await createPlan(stripe, { name: "Starter", amount: 1000, lookupKey: "starter_monthly" });
    expect(starter).toMatchObject({
      object: "price",
      type: "recurring",
      currency: "usd",
      unit_amount: 1000,
      lookup_key: "starter_monthly",
      recurring: { interval: "month", interval_count: 1, usage_type: "licensed" },
    });
    expect(starter.id).toMatch(/^price_/);
    expect(String(starter.unit_amount_decimal)).toBe("1000");
    const yearly = await createPlan(stripe, {
      name: "Starter",
      amount: 10000,
      interval: "year",
      lookupKey: "starter_yearly",
    });
    const found = await stripe.prices.list({
      lookup_keys: ["starter_monthly", "starter_yearly"],
      active: true,
    });
    expect(found.data.map((p) => p.id).sort()).toEqual([starter.id, yearly.id].sort());

    await expect(
      stripe.prices.create({
        product: starter.product as string,
        currency: "usd",
        unit_amount: 1200,
        recurring: { interval: "month" },
        lookup_key: "starter_monthly",
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "lookup_key" });
    const moved = await stripe.prices.create({
      product: starter.product as string,
      currency: "usd",
      unit_amount: 1200,
      recurring: { interval: "month" },
      lookup_key: "starter_monthly",
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.retrieve(starter.id)).lookup_key).toBeNull();
    const now = await stripe.prices.list({ lookup_keys: ["starter_monthly"] });
    expect(now.data.map((p) => p.id)).toEqual([moved.id]);

    await stripe.prices.update(moved.id, { active: false });
    expect((await stripe.prices.list({ lookup_keys: ["starter_monthly"], active: true })).data).toEqual([]);
  });

  it("creates a price with product_data, and expands its product", async () => {
    const price = await stripe.prices.create({
      currency: "eur",
      unit_amount: 500,
      product_data: { name: "Inline" },
      expand: ["product"],
    });
    expect(price.type).toBe("one_time");
    expect(price.product).toMatchObject({ object: "product", name: "Inline", active: true });
    const products = await stripe.products.list({ active: true });
    expect(products.data.map((p) => p.name)).toContain("Inline");
    expect(await stripe.products.retrieve((price.product as Stripe.Product).id)).toMatchObject({
      name: "Inline",
    });
  });

  it("lists coupons and finds seeded promotion codes by code and active", async () => {
    const welcome = await stripe.promotionCodes.list({
      code: "WELCOME10",
      active: true,
      expand: ["data.promotion.coupon"],
    });
    expect(welcome.data).toHaveLength(1);
    expect(welcome.data[0]).toMatchObject({ object: "promotion_code", code: "WELCOME10", active: true });
    expect(welcome.data[0]?.promotion.coupon).toMatchObject({ percent_off: 10, duration: "forever" });
    const half = (await stripe.promotionCodes.list({ code: "half" })).data[0] as Stripe.PromotionCode;
    expect(await stripe.coupons.retrieve(half.promotion.coupon as string)).toMatchObject({
      percent_off: 50,
      duration: "once",
    });
    expect((await stripe.promotionCodes.list({ code: "EXPIRED", active: true })).data).toEqual([]);
    const coupon = await stripe.coupons.create({
      amount_off: 300,
      currency: "usd",
      duration: "once",
      name: "3 off",
    });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "THREE",
    });
    expect(await stripe.promotionCodes.retrieve(promo.id)).toMatchObject({
      code: "THREE",
      times_redeemed: 0,
    });
    await expect(stripe.coupons.create({ duration: "once" })).rejects.toMatchObject({ statusCode: 400 });
  });
});
