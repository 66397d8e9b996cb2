// What the session user object needs besides preferences and usage: the subscription rows and the team role.
import type { MembershipSource, PlanSource } from "../domain/plans";

export interface SubscriptionSummary {
  own: (MembershipSource & { quantity: number }) | null;
  /** The admin's row when `own` names another user as admin. */
  admin: (PlanSource & { quantity: number }) | null;
  /** Other users' rows name this user as their admin. */
  hasMembers: boolean;
}

/** The user's own subscription row with its admin's fields, as the user object's statement selects it. */
export interface OwnSubscriptionRow {
  userId: number;
  adminUserId: number | null;
  amount: number;
  ok: boolean;
  quantity: number;
  adminAmount: number | null;
  adminOk: boolean | null;
  adminQuantity: number | null;
}

export function summaryFrom(row: OwnSubscriptionRow | null, hasMembers: boolean): SubscriptionSummary {
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
  return { own, admin: adminRow, hasMembers };
}
