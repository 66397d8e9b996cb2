// The Stripe client of a request: the official SDK over fetch, pointed at STRIPE_API_BASE when one is set.
import Stripe from "stripe";
import type { Env } from "../env";
import { AppError } from "../errors";

export type { Stripe };

export const billingUnavailable = () =>
  new AppError(503, "billing_unavailable", "Payments are not available right now. Please try again later.");

/** Whether payments are configured at all (a secret key, and the webhook secret that confirms them). */
export const billingConfigured = (env: Env): boolean =>
  Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

/**
 * The SDK talks to api.stripe.com unless STRIPE_API_BASE names another server — the local Stripe-protocol
 * server in development and tests, which speaks the same REST API.
 */
export function stripeOf(env: Env): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw billingUnavailable();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * Runs a piece of billing work, turning Stripe's failures into ours: a declined card is the user's to fix
 * (402), anything else Stripe answers is logged and shown as "payments unavailable" (503, so a webhook
 * delivery is retried) — never a 500 with Stripe's words.
 */
export async function stripeCall<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      throw new AppError(402, "payment_failed", err.message || "The payment was declined.");
    }
    if (err instanceof Stripe.errors.StripeError) {
      console.error(`billing: ${what} failed at Stripe (${err.type} ${err.code ?? ""}): ${err.message}`);
      throw billingUnavailable();
    }
    throw err;
  }
}

/** Web Crypto for verifying webhook signatures (workerd has no node:crypto HMAC in the SDK's sync path). */
export const webhookCrypto = Stripe.createSubtleCryptoProvider();

/** Stripe's answer for a customer id it does not know (deleted in its dashboard, or another account's). */
export const isMissingCustomer = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeInvalidRequestError &&
  err.code === "resource_missing" &&
  err.param === "customer";
