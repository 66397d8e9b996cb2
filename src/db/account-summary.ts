// What the session user object needs besides preferences: subscription rows, team role and usage counts.
import { and, eq, gt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { subscription, usage } from "../../drizzle/schema";
import type { MembershipSource, PlanSource } from "../domain/plans";
import { emptyUsageCounts, USAGE_CATEGORIES, USAGE_WINDOW_SECONDS, type UsageCounts } from "../domain/usage";
import type { Database } from "./client";

const admin = alias(subscription, "admin_subscription");

export interface SubscriptionSummary {
  own: (MembershipSource & { quantity: number }) | null;
  /** The admin's row when `own` names another user as admin. */
  admin: (PlanSource & { quantity: number }) | null;
  /** Other users' rows name this user as their admin. */
  hasMembers: boolean;
}

export async function subscriptionSummary(
  db: Database,
  { userId }: { userId: number },
): Promise<SubscriptionSummary> {
  const [rows, members] = await Promise.all([
    db
      .select({
        userId: subscription.userId,
        adminUserId: subscription.adminUserId,
        amount: subscription.amount,
        ok: subscription.ok,
        quantity: subscription.quantity,
        adminAmount: admin.amount,
        adminOk: admin.ok,
        adminQuantity: admin.quantity,
      })
      .from(subscription)
      .leftJoin(admin, and(eq(admin.userId, subscription.adminUserId), ne(admin.userId, subscription.userId)))
      .where(eq(subscription.userId, userId))
      .limit(1),
    db
      .select({ userId: subscription.userId })
      .from(subscription)
      .where(and(eq(subscription.adminUserId, userId), ne(subscription.userId, userId)))
      .limit(1),
  ]);
  const row = rows[0];
  const own = row
    ? {
        userId: row.userId,
        adminUserId: row.adminUserId,
        amount: row.amount,
        ok: row.ok,
        quantity: row.quantity,
      }
    : null;
  const adminRow =
    row && row.adminAmount !== null && row.adminOk !== null && row.adminQuantity !== null
      ? { amount: row.adminAmount, ok: row.adminOk, quantity: row.adminQuantity }
      : null;
  return { own, admin: adminRow, hasMembers: members.length > 0 };
}

/** Requests per quota category, each counted over its own window ending at `now` (SPEC §9). */
export async function usageCounts(
  db: Database,
  { userId, now }: { userId: number; now: Date },
): Promise<UsageCounts> {
  const since = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  // A free model's requests cost no quota (SPEC §3): they are not shown as used either.
  const inWindow = and(
    eq(usage.free, false),
    or(
      ...USAGE_CATEGORIES.map((category) =>
        and(eq(usage.category, category), gt(usage.requestedAt, since(USAGE_WINDOW_SECONDS[category]))),
      ),
    ),
  );
  const rows = await db
    .select({ category: usage.category, count: sql<number>`count(*)::int` })
    .from(usage)
    .where(and(eq(usage.userId, userId), inWindow))
    .groupBy(usage.category);
  const counts = emptyUsageCounts();
  for (const { category, count } of rows) {
    if ((USAGE_CATEGORIES as readonly string[]).includes(category))
      counts[category as keyof UsageCounts] = count;
  }
  return counts;
}
