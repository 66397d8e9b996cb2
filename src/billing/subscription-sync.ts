// Brings a user's subscription row in line with Stripe's current state of one subscription.
import type { Database } from "../db/client";
import { getSubscriptionRow, lockAccount, writeSubscription } from "../db/subscriptions";
import { mayReplace, type ProviderSubscription, subscriptionFields } from "../domain/billing";
import { isMemberRow } from "../domain/team";
import type { Stripe } from "./stripe";

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === "string" ? value : value.id;

/** The provider's subscription as our rule functions read it; its first item is the seat price. */
export async function readSubscription(
  stripe: Stripe,
  subscriptionId: string,
): Promise<ProviderSubscription & { userId: number | null }> {
  const s = await stripe.subscriptions.retrieve(subscriptionId, { expand: ["customer"] });
  const item = s.items.data[0];
  const customer = typeof s.customer === "string" ? null : s.customer;
  // A customer deleted at Stripe is not written back (a late event of its ended subscription would offer
  // "Manage billing" for it again): "" as the portal leaves a row whose customer Stripe no longer knows.
  const deleted = customer !== null && "deleted" in customer && customer.deleted === true;
  const userId = Number(s.metadata?.userId);
  return {
    id: s.id,
    customer: deleted ? "" : (idOf(s.customer) ?? ""),
    status: s.status,
    unitAmount: item?.price.unit_amount ?? 0,
    quantity: item?.quantity ?? 1,
    currentPeriodEnd: item?.current_period_end ?? null,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    canceledAt: s.canceled_at,
    cancellationDetails: s.cancellation_details
      ? {
          reason: s.cancellation_details.reason,
          feedback: s.cancellation_details.feedback,
          comment: s.cancellation_details.comment,
        }
      : null,
    customerEmail: customer && !deleted && "email" in customer ? (customer.email ?? null) : null,
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
  };
}

/**
 * Writes Stripe's newest state of `subscriptionId` to `userId`'s row. The account is locked first and the
 * subscription read inside the lock, so of two deliveries racing for one account the later reader writes
 * last: whatever order events arrive in, the row ends as Stripe's latest state. `before` runs inside the
 * same transaction (recording the event id), and returning false from it skips the write.
 */
export async function syncSubscription(
  db: Database,
  stripe: Stripe,
  input: {
    userId: number;
    subscriptionId: string;
    before?: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<boolean>;
  },
): Promise<"written" | "skipped"> {
  return db.transaction(async (tx) => {
    if (input.before && !(await input.before(tx))) return "skipped";
    if (!(await lockAccount(tx, { userId: input.userId }))) return "skipped";
    const current = await getSubscriptionRow(tx, { userId: input.userId });
    const latest = await readSubscription(stripe, input.subscriptionId);
    const member = isMemberRow(current, input.userId);
    if (!mayReplace(current && { ...current, member }, latest.id, latest.status)) return "skipped";
    await writeSubscription(tx, { userId: input.userId, fields: subscriptionFields(latest) });
    return "written";
  });
}
