// Payments in `npm run dev` and the browser tests without a Stripe account: the local Stripe-protocol server
// (tests/stripe), its webhooks signed and sent to the app, and the demo users' plans made real there.
import pg from "pg";
import Stripe from "stripe";
import { amountCode, PAID_PLANS, type PaidPlan, priceLookupKey } from "../../src/domain/billing.ts";
import { planOf } from "../../src/domain/plans.ts";
import { payCheckout } from "../../tests/stripe/hosted.ts";
import { type StripeServer, startStripeServer } from "../../tests/stripe/server.ts";
import type { DeliveryOptions } from "../../tests/stripe/webhooks/delivery.ts";

/** The local server accepts any sk_… key; the webhook secret is what the app verifies signatures with. */
export const LOCAL_STRIPE = {
  secretKey: "sk_test_switchboard_local",
  webhookSecret: "whsec_switchboard_local_dev",
} as const;

/** Starts the local Stripe; point its webhooks at the app once the app's address is known (`setWebhook`). */
export async function startLocalStripe(opts: {
  port?: number;
  delivery?: DeliveryOptions;
  log?: (line: string) => void;
}) {
  return startStripeServer({
    port: opts.port ?? 0,
    webhookSecret: LOCAL_STRIPE.webhookSecret,
    delivery: opts.delivery,
    log: opts.log,
  });
}

/** The Worker variables that send the official SDK to the local server. */
export const localStripeVars = (server: StripeServer): Record<string, string> => ({
  STRIPE_SECRET_KEY: LOCAL_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE.webhookSecret,
  STRIPE_API_BASE: server.url,
});

const sdkFor = (server: StripeServer) =>
  new Stripe(LOCAL_STRIPE.secretKey, {
    host: server.host,
    port: server.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
  });

async function priceFor(stripe: Stripe, plan: PaidPlan, yearly: boolean): Promise<string> {
  const lookupKey = priceLookupKey(plan, yearly);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const price = await stripe.prices.create({
    currency: "eur",
    unit_amount: amountCode(plan, yearly),
    recurring: { interval: yearly ? "year" : "month" },
    lookup_key: lookupKey,
    product_data: { name: `Switchboard ${plan[0]?.toUpperCase()}${plan.slice(1)}`, metadata: { plan } },
  });
  return price.id;
}

/**
 * The demo users' plans are rows written by the seed; the local Stripe starts empty on every run. Each paying
 * owner whose subscription the server does not know buys it again through Checkout (client_reference_id = the
 * user), and the webhooks that follow rewrite the row with real ids — so "Manage billing" and plan changes
 * work for them as for anyone. Run it once the app answers.
 */
export async function linkDemoBilling(opts: {
  databaseUrl: string;
  server: StripeServer;
  appUrl: string;
  log: (line: string) => void;
}): Promise<number> {
  const stripe = sdkFor(opts.server);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      userId: string;
      email: string;
      subscription: string;
      amount: number;
      ok: boolean;
      quantity: number;
    }>(
      `select s."userId", u.email, s.subscription, s.amount, s.ok, s.quantity
         from hot.subscription s join hot."user" u on u.id = s."userId"
        where s."adminUserId" is null and s.ok and u.email like '%@demo.switchboard.test'`,
    );
    let linked = 0;
    for (const row of rows) {
      const known = await stripe.subscriptions.retrieve(row.subscription).then(
        () => true,
        () => false,
      );
      const plan = planOf({ amount: row.amount, ok: row.ok });
      if (known || !(PAID_PLANS as readonly string[]).includes(plan)) continue;
      const yearly = row.amount >= 10_000;
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: await priceFor(stripe, plan as PaidPlan, yearly), quantity: row.quantity }],
        client_reference_id: row.userId,
        metadata: { userId: row.userId },
        subscription_data: { metadata: { userId: row.userId } },
        customer_email: row.email,
        success_url: `${opts.appUrl}/app/account/subscription?checkout=success`,
        cancel_url: `${opts.appUrl}/app/account/subscription`,
      });
      const paid = await payCheckout(session.url ?? "", { email: row.email });
      if (paid.status === 303) linked++;
      else opts.log(`could not link ${row.email} to the local Stripe (HTTP ${paid.status})`);
    }
    return linked;
  } finally {
    await client.end();
  }
}
