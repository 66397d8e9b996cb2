// Stripe's webhook: a verified event → the subscription row it concerns, once per event id, in any order.
import type { Database } from "../db/client";
import { findSubscriptionOwner, recordBillingEvent } from "../db/subscriptions";
import { AppError } from "../errors";
import { type Stripe, webhookCrypto } from "./stripe";
import { syncSubscription } from "./subscription-sync";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

const badSignature = () =>
  new AppError(400, "webhook_signature_invalid", "The Stripe-Signature header is missing or does not match.");

/** The event, if its signature is ours and fresh (Stripe's default tolerance: 5 minutes). */
export async function verifyEvent(
  stripe: Stripe,
  { body, signature, secret }: { body: string; signature: string | undefined; secret: string },
): Promise<Stripe.Event> {
  if (!signature) throw badSignature();
  try {
    return await stripe.webhooks.constructEventAsync(body, signature, secret, undefined, webhookCrypto);
  } catch {
    throw badSignature();
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value ? (typeof value === "string" ? value : value.id) : null;

const userIdOf = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Which subscription an event is about, and whose it is by what we attached to it (never by email). */
function subjectOf(
  event: Stripe.Event,
): { subscriptionId: string; customer: string; userId: number | null } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== "subscription" || !subscriptionId) return null;
      return {
        subscriptionId,
        customer: idOf(session.customer) ?? "",
        userId: userIdOf(session.client_reference_id) ?? userIdOf(session.metadata?.userId),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return {
        subscriptionId: subscription.id,
        customer: idOf(subscription.customer) ?? "",
        userId: userIdOf(subscription.metadata?.userId),
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      if (!subscriptionId) return null;
      return {
        subscriptionId,
        customer: idOf(invoice.customer) ?? "",
        userId: userIdOf(details?.metadata?.userId),
      };
    }
    default:
      return null;
  }
}

export type WebhookOutcome = "written" | "duplicate" | "ignored";

/** Acts on one verified event; a repeated delivery of the same event id is a no-op. */
export async function handleEvent(
  db: Database,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const subject = subjectOf(event);
  if (!subject) return "ignored";
  const userId =
    subject.userId ??
    (await findSubscriptionOwner(db, { subscriptionId: subject.subscriptionId, customer: subject.customer }));
  if (userId === null) {
    console.warn(`billing: ${event.type} ${event.id} names no user of ours; ignored`);
    return "ignored";
  }
  let duplicate = false;
  await syncSubscription(db, stripe, {
    userId,
    subscriptionId: subject.subscriptionId,
    before: async (tx) => {
      duplicate = !(await recordBillingEvent(tx, {
        id: event.id,
        type: event.type,
        createdAt: new Date(event.created * 1000),
      }));
      return !duplicate;
    },
  });
  return duplicate ? "duplicate" : "written";
}
