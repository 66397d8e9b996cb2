// What the session user object needs besides preferences and usage: subscription rows and team role.
import { and, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { subscription } from "../../drizzle/schema";
import type { MembershipSource, PlanSource } from "../domain/plans";
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
