// Deleting an account ends what it pays for: its own live subscription is cancelled at Stripe first.
import Stripe from "stripe";
import type { Database } from "../db/client";
import { getSubscriptionRow } from "../db/subscriptions";
import { isMemberRow } from "../domain/team";
import type { Env } from "../env";
import { billingConfigured, stripeCall, stripeOf } from "./stripe";

/**
 * Cancels the account's own subscription now (a team member's row is the admin's to end). Throws the 503 of
 * stripeCall when Stripe cannot be reached, so the deletion waits rather than leave a paying ghost; one
 * Stripe no longer knows (already cancelled) is fine. The webhook that follows writes the row.
 */
export async function cancelOwnSubscription(
  db: Database,
  env: Env,
  { userId }: { userId: number },
): Promise<boolean> {
  const row = await getSubscriptionRow(db, { userId });
  if (!row?.subscription || !row.ok || isMemberRow(row, userId)) return false;
  if (!billingConfigured(env)) return false;
  const id = row.subscription;
  return stripeCall("cancelling the subscription of a deleted account", async () => {
    try {
      await stripeOf(env).subscriptions.cancel(id);
      return true;
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === "resource_missing")
        return false;
      throw err;
    }
  });
}
