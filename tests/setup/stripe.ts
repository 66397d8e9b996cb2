// Vitest global setup: the local Stripe-protocol server for the Worker tests, events recorded in order.
import type { TestProject } from "vitest/node";
import { ORDERED_DELIVERY, startStripeServer } from "../stripe/server.ts";

/** What the Worker under test is configured with (the local server accepts any sk_…). */
export const TEST_STRIPE = {
  secretKey: "sk_test_switchboard",
  webhookSecret: "whsec_test_switchboard",
} as const;

declare module "vitest" {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port>: Stripe's API under /v1, hosted pages, and /_control. */
    stripeApiBase: string;
  }
}

export default async function setup(project: TestProject) {
  // No webhook URL: the Worker under test has no address; tests read events from /_control and deliver them.
  const server = await startStripeServer({
    webhookSecret: TEST_STRIPE.webhookSecret,
    delivery: ORDERED_DELIVERY,
  });
  project.provide("stripeApiBase", server.url);
  return () => server.close();
}
