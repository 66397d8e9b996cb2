// Webhooks like Stripe's (signed, at least once, out of order, retried) and the /_control endpoints.
import { spawn } from "node:child_process";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPage, payCheckout } from "../stripe/hosted.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../stripe/receiver.ts";
import {
  DEV_DELIVERY,
  ORDERED_DELIVERY,
  type StripeServer,
  type StripeServerOptions,
  startStripeServer,
} from "../stripe/server.ts";
import { createPlan, sdk, subscribe } from "../stripe/testing.ts";

const SECRET = "whsec_webhook_test";
let receiver: WebhookReceiver;
const started: StripeServer[] = [];

async function start(options: Partial<StripeServerOptions> = {}) {
  const server = await startStripeServer({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    delivery: ORDERED_DELIVERY,
    ...options,
  });
  started.push(server);
  return { server, stripe: sdk(server) };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
});
afterEach(async () => {
  for (const server of started.splice(0)) await server.close();
  receiver.received.length = 0;
  receiver.rejected.length = 0;
});
afterAll(() => receiver.close());

const control = (server: StripeServer, path: string, body?: unknown) =>
  fetch(`${server.url}/_control${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe("signatures and envelopes", () => {
  it("signs like Stripe: constructEventAsync accepts every delivery, rejects a wrong secret or body", async () => {
    const { server, stripe } = await start();
    await stripe.customers.create({ email: "sig@example.com" });
    await server.flushWebhooks();
    expect(receiver.rejected).toEqual([]);
    const [delivery] = receiver.received;
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(delivery?.raw).toBe(JSON.stringify(JSON.parse(delivery?.raw as string), null, 2));
    const verifier = new Stripe("sk_test_x");
    const crypto = Stripe.createSubtleCryptoProvider();
    await expect(
      verifier.webhooks.constructEventAsync(
        delivery?.raw as string,
        delivery?.signature as string,
        "whsec_other",
        undefined,
        crypto,
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    await expect(
      verifier.webhooks.constructEventAsync(
        String(delivery?.raw).replace("sig@example.com", "evil@example.com"),
        delivery?.signature as string,
        SECRET,
        undefined,
        crypto,
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  it("sends Stripe's event envelope, with the request that caused it and previous_attributes", async () => {
    const { server, stripe } = await start();
    const customer = await stripe.customers.create(
      { email: "env@example.com" },
      { idempotencyKey: "create-env" },
    );
    await stripe.customers.update(customer.id, { name: "Env" });
    await server.flushWebhooks();
    const [created, updated] = receiver.received.map((r) => r.event);
    expect(created).toMatchObject({
      object: "event",
      type: "customer.created",
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { idempotency_key: "create-env" },
      data: { object: { id: customer.id, email: "env@example.com" } },
    });
    expect(created?.id).toMatch(/^evt_/);
    expect(created?.request?.id).toBe(customer.lastResponse.requestId);
    expect(updated?.data.previous_attributes).toEqual({ name: null });
    const fetched = await stripe.events.retrieve(created?.id as string);
    expect(fetched.pending_webhooks).toBe(0);
    const listed = await stripe.events.list({ type: "customer.*" });
    expect(listed.data.map((e) => e.type)).toEqual(["customer.updated", "customer.created"]);
  });

  it("events from the hosted pages have no request id; subscription events carry the whole object", async () => {
    const { server, stripe } = await start();
    const price = await createPlan(stripe, { name: "Standard", amount: 2000 });
    const { subscription } = await subscribe(stripe, { price: price.id, quantity: 2 });
    await server.flushWebhooks();
    const created = await receiver.waitFor((e) => e.type === "customer.subscription.created");
    expect(created.request).toEqual({ id: null, idempotency_key: null });
    const object = created.data.object as Stripe.Subscription;
    expect(object).toMatchObject({ id: subscription.id, object: "subscription", items: { object: "list" } });
    expect(object.items.data[0]).toMatchObject({ quantity: 2, current_period_end: expect.any(Number) });
  });

  it("delivers only enabled event types when enabledEvents is set", async () => {
    const { server, stripe } = await start({ enabledEvents: ["customer.subscription.*", "invoice.paid"] });
    const price = await createPlan(stripe, { name: "Standard", amount: 2000 });
    await subscribe(stripe, { price: price.id });
    await server.flushWebhooks();
    expect(receiver.types()).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
  });
});

describe("delivery", () => {
  it("ordered mode delivers each event once, in creation order", async () => {
    const { server, stripe } = await start();
    for (let i = 0; i < 8; i++) await stripe.customers.create({ email: `o${i}@example.com` });
    await server.flushWebhooks();
    const ids = server.events().map((r) => r.event.id);
    expect(receiver.received.map((r) => r.event.id)).toEqual(ids);
  });

  it("dev mode duplicates and reorders, and a fixed seed duplicates the same events every run", async () => {
    expect(DEV_DELIVERY).toMatchObject({ duplicateRate: 0.2, shuffle: true, maxDelayMs: 300 });
    const run = async (seed: number) => {
      receiver.received.length = 0;
      const { server, stripe } = await start({ delivery: { ...DEV_DELIVERY, maxDelayMs: 80, seed } });
      for (let i = 0; i < 30; i++) await stripe.customers.create({ email: `d${i}@example.com` });
      await server.flushWebhooks();
      const seqOf = new Map(server.events().map((r) => [r.event.id, r.seq]));
      const arrival = receiver.received.map((r) => seqOf.get(r.event.id) as number);
      const duplicated = server
        .events()
        .filter((r) => r.deliveries.some((d) => d.duplicate))
        .map((r) => r.seq);
      return { arrival, duplicated };
    };
    const first = await run(7);
    expect(new Set(first.arrival).size).toBe(30);
    expect(first.duplicated.length).toBeGreaterThan(0);
    expect(first.arrival.length).toBe(30 + first.duplicated.length);
    const outOfOrder = first.arrival.some((seq, i) => i > 0 && seq < (first.arrival[i - 1] as number));
    expect(outOfOrder).toBe(true);
    const second = await run(7);
    expect(second.duplicated).toEqual(first.duplicated);
    const other = await run(8);
    expect(other.duplicated).not.toEqual(first.duplicated);
  });

  it("retries a failed delivery with backoff, logs every attempt, and gives up after the last", async () => {
    const lines: string[] = [];
    const { server, stripe } = await start({
      delivery: { ...ORDERED_DELIVERY, retryDelaysMs: [20, 40] },
      log: (line) => lines.push(line),
    });
    receiver.failNext([500]);
    await stripe.customers.create({ email: "retry@example.com" });
    await server.flushWebhooks();
    const [record] = server.events();
    expect(record?.deliveries.map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(
      (record?.deliveries[1]?.at as number) - (record?.deliveries[0]?.at as number),
    ).toBeGreaterThanOrEqual(20);
    expect(receiver.received).toHaveLength(1);

    receiver.failNext([503, 503, 503]);
    await stripe.customers.create({ email: "never@example.com" });
    await server.flushWebhooks();
    const last = server.events().at(-1);
    expect(last?.deliveries.map((d) => d.status)).toEqual([503, 503, 503]);
    expect(last?.event.pending_webhooks).toBe(1);
    expect(lines.filter((l) => l.includes(last?.event.id as string))).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/gave up after 3 attempts/);
  });

  it("records network errors as failed attempts", async () => {
    const { server, stripe } = await start({
      webhookUrl: "http://127.0.0.1:9/unreachable",
      delivery: { ...ORDERED_DELIVERY, retryDelaysMs: [5] },
    });
    await stripe.customers.create({ email: "down@example.com" });
    await server.flushWebhooks();
    expect(server.events()[0]?.deliveries.map((d) => [d.status, d.ok])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(server.events()[0]?.deliveries[0]?.error).toBeTruthy();
  });
});

describe("/_control", () => {
  it("lists events with their delivery attempts and replays one", async () => {
    const { server, stripe } = await start();
    const customer = await stripe.customers.create({ email: "ctl@example.com" });
    await server.flushWebhooks();
    const list = (await (await control(server, "/events")).json()) as {
      data: { id: string; type: string; object_id: string; deliveries: { ok: boolean }[] }[];
    };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: "customer.created",
      object_id: customer.id,
      deliveries: [{ ok: true }],
    });
    const id = list.data[0]?.id as string;
    const one = (await (await control(server, `/events/${id}`)).json()) as { event: { id: string } };
    expect(one.event.id).toBe(id);
    const replay = await control(server, `/events/${id}/replay`, {});
    expect(((await replay.json()) as { deliveries: { replay: boolean; ok: boolean }[] }).deliveries).toEqual([
      expect.objectContaining({ replay: true, ok: true }),
    ]);
    expect(receiver.received.map((r) => r.event.id)).toEqual([id, id]);
    expect((await control(server, "/events/evt_nope/replay", {})).status).toBe(404);
  });

  it("fails the next payment, renews now, advances the clock, and resets", async () => {
    const { server, stripe } = await start();
    const price = await createPlan(stripe, { name: "Standard", amount: 2000 });
    const { subscription } = await subscribe(stripe, { price: price.id, email: "ctl@example.com" });
    expect((await control(server, "/fail-next-payment", { email: "CTL@example.com" })).status).toBe(200);
    expect((await control(server, "/fail-next-payment", { customer: "cus_nope" })).status).toBe(404);
    expect((await control(server, "/fail-next-payment", {})).status).toBe(400);
    const renewed = await control(server, `/subscriptions/${subscription.id}/renew`, {});
    expect(((await renewed.json()) as { invoice: { status: string } }).invoice.status).toBe("open");
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("past_due");
    await receiver.waitFor((e) => e.type === "invoice.payment_failed");

    const before = ((await (await control(server, "/clock")).json()) as { now: number }).now;
    // The early renewal started the next period already; 70 days reach its end.
    const advanced = (await (await control(server, "/clock/advance", { days: 70 })).json()) as {
      now: number;
      renewed: string[];
    };
    expect(advanced.now - before).toBeGreaterThanOrEqual(70 * 86_400);
    expect(advanced.renewed).toEqual([subscription.id]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe("active");
    expect((await control(server, "/clock/advance", { days: -1 })).status).toBe(400);
    const state = (await (await control(server, "/state")).json()) as { subscriptions: unknown[] };
    expect(state.subscriptions).toHaveLength(1);

    expect((await control(server, "/webhooks/flush", {})).status).toBe(200);
    expect((await control(server, "/reset", {})).status).toBe(200);
    expect((await stripe.customers.list()).data).toEqual([]);
    expect((await stripe.promotionCodes.list({ code: "WELCOME10" })).data).toHaveLength(1);
    expect(((await (await control(server, "/clock")).json()) as { offset: number }).offset).toBe(0);
    expect((await control(server, "/nope")).status).toBe(404);
  });

  it("re-points the webhook endpoint", async () => {
    const { server, stripe } = await start({ webhookUrl: undefined });
    await stripe.customers.create({ email: "quiet@example.com" });
    expect(server.events()[0]?.event.pending_webhooks).toBe(0);
    expect((await control(server, "/webhooks", { url: receiver.url, secret: SECRET })).status).toBe(200);
    await stripe.customers.create({ email: "loud@example.com" });
    await server.flushWebhooks();
    expect(receiver.types()).toEqual(["customer.created"]);
    expect((await control(server, "/webhooks", { url: "not a url" })).status).toBe(400);
  });

  it("runs standalone and prints its URL", async () => {
    const child = spawn(process.execPath, ["tests/stripe/server.ts"], {
      env: { ...process.env, STRIPE_PORT: "0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no URL printed")), 15_000);
        child.stdout.on("data", (chunk: Buffer) => {
          const match = /Local Stripe: (http:\/\/\S+)/.exec(chunk.toString());
          if (match) {
            clearTimeout(timer);
            resolve(match[1] as string);
          }
        });
      });
      const page = await openPage(`${url}/_control/clock`);
      expect(page.status).toBe(200);
      const stripe = new Stripe("sk_test_cli", {
        host: new URL(url).hostname,
        port: Number(new URL(url).port),
        protocol: "http",
        httpClient: Stripe.createFetchHttpClient(),
      });
      expect((await stripe.promotionCodes.list({ code: "HALF" })).data).toHaveLength(1);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [
          {
            price_data: {
              currency: "usd",
              unit_amount: 100,
              recurring: { interval: "month" },
              product_data: { name: "X" },
            },
            quantity: 1,
          },
        ],
        success_url: "http://app.test/ok",
      });
      expect((await payCheckout(session.url as string, { email: "cli@example.com" })).status).toBe(303);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
