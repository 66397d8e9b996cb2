// Helpers for tests: the SDK pointed at the local server, a plan, and a paid subscription via Checkout.
import Stripe from "stripe";
import { payCheckout } from "./hosted.ts";

export function sdk(server: { host: string; port: number }, apiKey = "sk_test_local"): Stripe {
  return new Stripe(apiKey, {
    host: server.host,
    port: server.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
}

export async function createPlan(
  stripe: Stripe,
  plan: { name: string; amount: number; interval?: "month" | "year"; lookupKey?: string },
): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: plan.name });
  return stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: plan.amount,
    recurring: { interval: plan.interval ?? "month" },
    ...(plan.lookupKey ? { lookup_key: plan.lookupKey, transfer_lookup_key: true } : {}),
  });
}

/** Creates a Checkout Session and pays it on the hosted page; returns the subscription. */
export async function subscribe(
  stripe: Stripe,
  opts: {
    price: string;
    quantity?: number;
    email?: string;
    customer?: string;
    discounts?: Stripe.Checkout.SessionCreateParams.Discount[];
    metadata?: Record<string, string>;
  },
): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription }> {
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: opts.price, quantity: opts.quantity ?? 1 }],
    ...(opts.customer ? { customer: opts.customer } : { customer_email: opts.email ?? "buyer@example.com" }),
    ...(opts.discounts ? { discounts: opts.discounts } : {}),
    success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing",
    subscription_data: { metadata: opts.metadata ?? {} },
  });
  const paid = await payCheckout(session.url as string, { email: opts.email ?? "buyer@example.com" });
  if (paid.status !== 303) throw new Error(`checkout failed (${paid.status}): ${paid.html.slice(0, 300)}`);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
  return { session: done, subscription: done.subscription as Stripe.Subscription };
}
