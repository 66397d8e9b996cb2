// `npm run bench` (billing part): Stripe webhook handling under 200 concurrent deliveries with duplicates.
// Figures, not pass/fail: p50/p99 handling time, and the checks that nothing was lost or done twice.
import pg from "pg";
import Stripe from "stripe";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { LOCAL_STRIPE, localStripeVars, startLocalStripe } from "../scripts/lib/dev-billing.ts";
import { amountCode, priceLookupKey } from "../src/domain/billing.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { payCheckout } from "../tests/stripe/hosted.ts";
import { ORDERED_DELIVERY } from "../tests/stripe/server.ts";

const ACCOUNTS = Number(process.env.BENCH_BILLING_ACCOUNTS ?? 40);
const CONCURRENCY = 200;
const DUPLICATE_SHARE = 0.25;
const HANDLED = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "invoice.paid",
]);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)] ?? Number.NaN;

const db = await startEphemeralDb();
const stripeServer = await startLocalStripe({ delivery: ORDERED_DELIVERY });
console.log("building the app for the webhook bench…");
const app = await serveBuiltApp(
  "bench-webhooks",
  {
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
    ...localStripeVars(stripeServer),
  },
  benchServing(),
);
const client = new pg.Client({ connectionString: db.url });
await client.connect();

try {
  const stripe = new Stripe(LOCAL_STRIPE.secretKey, {
    host: stripeServer.host,
    port: stripeServer.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
  });
  const price = await stripe.prices.create({
    currency: "eur",
    unit_amount: amountCode("standard", false),
    recurring: { interval: "month" },
    lookup_key: priceLookupKey("standard", false),
    product_data: { name: "Switchboard Standard" },
  });

  // Accounts that each buy a plan and then add a seat: a checkout, a subscription, an invoice, updates.
  const users: { id: number; subscription: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-billing-${i}-${Date.now()}@bench.test`;
    const { rows } = await client.query<{ id: string }>(
      `insert into hot."user" (email, verified) values ($1, true) returning id`,
      [email],
    );
    const id = Number(rows[0]?.id);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: price.id, quantity: 1 }],
      client_reference_id: String(id),
      subscription_data: { metadata: { userId: String(id) } },
      customer_email: email,
      success_url: `${app.url}/app/account/subscription`,
      cancel_url: `${app.url}/app/account/subscription`,
    });
    await payCheckout(session.url ?? "", { email });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = String(done.subscription);
    const item = (await stripe.subscriptions.retrieve(subscription)).items.data[0]?.id ?? "";
    await stripe.subscriptions.update(subscription, {
      items: [{ id: item, quantity: 2 }],
      proration_behavior: "none",
    });
    users.push({ id, subscription });
  }

  const events = stripeServer.events().filter((r) => HANDLED.has(r.event.type));
  const deliveries = events.flatMap((r) => (Math.random() < DUPLICATE_SHARE ? [r, r] : [r]));
  deliveries.sort(() => Math.random() - 0.5);
  const sign = (payload: string) =>
    Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: LOCAL_STRIPE.webhookSecret,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });

  const times: number[] = [];
  const outcomes = new Map<string, number>();
  let failed = 0;
  const deliverOne = async (record: (typeof deliveries)[number]) => {
    const t0 = performance.now();
    const res = await fetch(`${app.url}/api/billing/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await sign(record.payload) },
      body: record.payload,
    });
    times.push(performance.now() - t0);
    if (!res.ok) failed++;
    const { outcome } = (await res.json().catch(() => ({ outcome: "error" }))) as { outcome: string };
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  const t0 = performance.now();
  for (let i = 0; i < deliveries.length; i += CONCURRENCY) {
    await Promise.all(deliveries.slice(i, i + CONCURRENCY).map(deliverOne));
  }
  const wall = performance.now() - t0;

  // Lost: an account whose row is not Stripe's final state. Done twice: more acted-on events than events.
  let lost = 0;
  for (const user of users) {
    const { rows } = await client.query<{ quantity: number; subscription: string; ok: boolean }>(
      `select quantity, subscription, ok from hot.subscription where "userId" = $1`,
      [user.id],
    );
    const row = rows[0];
    if (row?.quantity !== 2 || row.subscription !== user.subscription || !row.ok) lost++;
  }
  const { rows: recorded } = await client.query<{ n: string }>(
    `select count(*) as n from hot.billing_event where id = any($1)`,
    [events.map((r) => r.event.id)],
  );
  const doubled = (outcomes.get("written") ?? 0) - events.length;

  console.log(
    `\nStripe webhooks: ${deliveries.length} deliveries of ${events.length} events (${deliveries.length - events.length} duplicates), ${CONCURRENCY} at a time\n`,
  );
  console.log("| measure | value |");
  console.log("|---|---|");
  console.log(`| handling time p50 | ${pct(times, 0.5).toFixed(1)} ms |`);
  console.log(`| handling time p99 | ${pct(times, 0.99).toFixed(1)} ms |`);
  console.log(`| wall time | ${(wall / 1000).toFixed(1)} s |`);
  console.log(`| non-2xx answers | ${failed} |`);
  console.log(`| accounts not at Stripe's final state (lost) | ${lost} of ${users.length} |`);
  console.log(`| events recorded / events sent | ${recorded[0]?.n} / ${events.length} |`);
  console.log(`| events acted on twice | ${Math.max(0, doubled)} |`);
} finally {
  await client.end();
  await app.stop();
  await stripeServer.close();
  await db.close();
}
