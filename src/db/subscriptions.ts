// Subscription rows and payment-provider events: one row per user, written from the provider's own state.
import { and, eq, ne, sql } from "drizzle-orm";
import { billingEvent, type SubscriptionRow, subscription, teamNotice, user } from "../../drizzle/schema";
import type { SubscriptionFields } from "../domain/billing";
import type { Database, Transaction } from "./client";

export type { SubscriptionRow };

export async function getSubscriptionRow(
  db: Database | Transaction,
  { userId }: { userId: number },
): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(subscription).where(eq(subscription.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Users whose rows name `adminUserId` as their admin (the admin's own row excluded). */
export async function countTeamMembers(
  db: Database | Transaction,
  { adminUserId }: { adminUserId: number },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscription)
    .where(and(eq(subscription.adminUserId, adminUserId), ne(subscription.userId, adminUserId)));
  return row?.count ?? 0;
}

/** Serialises everything that changes one account's billing (webhooks, plan changes, seats) behind its row. */
export async function lockAccount(tx: Transaction, { userId }: { userId: number }): Promise<boolean> {
  const rows = await tx.execute(sql`select 1 from ${user} where ${user.id} = ${userId} for update`);
  return rows.rows.length > 0;
}

/** Records a provider event once; false when it was recorded before (a repeated delivery). */
export async function recordBillingEvent(
  tx: Transaction,
  event: { id: string; type: string; createdAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(billingEvent)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvent.id });
  return rows.length > 0;
}

/** The owner of a provider subscription or customer, as our rows know them (never by email). */
export async function findSubscriptionOwner(
  db: Database | Transaction,
  { subscriptionId, customer }: { subscriptionId: string; customer: string },
): Promise<number | null> {
  const rows = await db
    .select({ userId: subscription.userId })
    .from(subscription)
    .where(
      and(
        // No customer ("" on rows whose customer is gone or unknown) matches nobody's row.
        customer
          ? sql`(${subscription.subscription} = ${subscriptionId} or ${subscription.customer} = ${customer})`
          : eq(subscription.subscription, subscriptionId),
        sql`(${subscription.adminUserId} is null or ${subscription.adminUserId} = ${subscription.userId})`,
      ),
    )
    .limit(1);
  return rows[0]?.userId ?? null;
}

/**
 * Forgets the user's customer id once the provider no longer knows it (deleted in its dashboard), so the
 * account stops offering to manage it: "" as on rows that never had one. Compare-and-clear in one statement:
 * if a webhook wrote a new customer since the caller read the row, that one stays. True when it was cleared.
 */
export async function forgetCustomer(
  db: Database | Transaction,
  { userId, customer }: { userId: number; customer: string },
): Promise<boolean> {
  const rows = await db
    .update(subscription)
    .set({ customer: "", updatedAt: new Date() })
    .where(
      and(
        eq(subscription.userId, userId),
        eq(subscription.customer, customer),
        ne(subscription.customer, ""),
      ),
    )
    .returning({ userId: subscription.userId });
  return rows.length > 0;
}

/**
 * Writes what the provider says of the user's own subscription; they pay for themselves from now on. A plan of
 * their own that grants access ends the notice of a removal from a team: it no longer explains their plan.
 */
export async function writeSubscription(
  tx: Transaction,
  { userId, fields }: { userId: number; fields: SubscriptionFields },
): Promise<void> {
  const values = { ...fields, adminUserId: null, ownCustomer: false, updatedAt: new Date() };
  await tx
    .insert(subscription)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscription.userId, set: values });
  if (fields.ok) await tx.delete(teamNotice).where(eq(teamNotice.userId, userId));
}
