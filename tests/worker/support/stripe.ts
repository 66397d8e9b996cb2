// The local Stripe server from inside workerd: pay on its hosted Checkout page, read the events it recorded,
// and deliver them to the Worker's webhook signed as Stripe signs them.
import { exports } from "cloudflare:workers";
import Stripe from "stripe";
import { inject } from "vitest";
import { ORIGIN } from "./api";

export const STRIPE_SECRET_KEY = "sk_test_switchboard";
export const STRIPE_WEBHOOK_SECRET = "whsec_test_switchboard";

const base = () => inject("stripeApiBase");

/** The official SDK, pointed at the local server (what the Worker uses, seen from a test). */
export function testStripe(): Stripe {
  const url = new URL(base());
  return new Stripe(STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
}

/**
 * Opens the hosted Checkout page and submits its card form with the e-mail it shows, as a person pressing
 * "Pay" (or the declined-card button).
 */
export async function payCheckout(checkoutUrl: string, opts: { decline?: boolean } = {}) {
  const page = await (await fetch(checkoutUrl)).text();
  const email = /name="email"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? "";
  const res = await fetch(checkoutUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: email.replaceAll("&#64;", "@").replaceAll("&amp;", "&"),
      card_number: "4242 4242 4242 4242",
      card_expiry: "12 / 34",
      card_cvc: "123",
      name: "",
      action: opts.decline ? "decline" : "pay",
    }),
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

async function control<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base()}/_control${path}`, init);
  if (!res.ok) throw new Error(`/_control${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export interface EventSummary {
  id: string;
  type: string;
  seq: number;
  object_id?: string;
}

/** Events the local server recorded after `afterSeq`, oldest first. */
export async function eventsAfter(afterSeq = 0): Promise<EventSummary[]> {
  const { data } = await control<{ data: EventSummary[] }>("/events");
  return data.filter((e) => e.seq > afterSeq);
}

export async function lastEventSeq(): Promise<number> {
  return (await eventsAfter()).at(-1)?.seq ?? 0;
}

/** The event's JSON exactly as Stripe would POST it. */
export async function eventPayload(id: string): Promise<string> {
  const { event } = await control<{ event: unknown }>(`/events/${id}`);
  return JSON.stringify(event, null, 2);
}

export const signature = (payload: string, secret = STRIPE_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** POSTs a payload to the webhook like Stripe: no cookie, no Origin, the Stripe-Signature header. */
export async function deliver(payload: string, header?: string | null): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  const sig = header === undefined ? await signature(payload) : header;
  if (sig !== null) headers["Stripe-Signature"] = sig;
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/billing/webhook`, { method: "POST", headers, body: payload }),
  );
}

/** Delivers every event recorded after `afterSeq`, in order; returns how many. */
export async function deliverEventsAfter(afterSeq: number): Promise<string[]> {
  const events = await eventsAfter(afterSeq);
  for (const e of events) {
    const res = await deliver(await eventPayload(e.id));
    if (res.status !== 200)
      throw new Error(`webhook answered ${res.status} for ${e.type}: ${await res.text()}`);
  }
  return events.map((e) => e.id);
}

/** The next `count` payments of the customer with this address are declined. */
export const failNextPayment = (email: string, count = 1) =>
  control("/fail-next-payment", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, count }),
  });

/** The renewal due at the subscription's period end, made now. */
export const renewNow = (subscriptionId: string) =>
  control(`/subscriptions/${subscriptionId}/renew`, { method: "POST" });
