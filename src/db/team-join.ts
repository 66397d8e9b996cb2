// Joining a team with an invitation: the seat check and the join are one step under the admin's account lock.
import { and, eq, isNull, ne, not, sql } from "drizzle-orm";
import { subscription, teamInvitation, teamNotice, user } from "../../drizzle/schema";
import { hasEnded } from "../domain/billing";
import { isPaidPlan, planOf } from "../domain/plans";
import {
  declineOf,
  hasFreeSeat,
  invitationState,
  isMemberRow,
  type JoinRefusal,
  joinRefusal,
  sameEmail,
} from "../domain/team";
import { AppError } from "../errors";
import type { Database, Transaction } from "./client";
import { countTeamMembers, getSubscriptionRow, lockAccount } from "./subscriptions";

const REFUSALS = {
  own_plan_active: () =>
    new AppError(
      409,
      "own_plan_active",
      "You pay for your own plan, so you can join the team once it has ended. Cancel it first if you have not already.",
    ),
  team_has_members: () =>
    new AppError(
      409,
      "team_has_members",
      "Your own team still has members. Remove them before joining another team.",
    ),
  already_in_team: () =>
    new AppError(409, "already_in_team", "You are already in a team. Leave it before joining another."),
  is_admin: () => new AppError(409, "already_in_team", "You are this team's admin."),
} as const;

/** Marks an unverified invitee verified: opening the mailed link proved the address (unless it is taken). */
async function verifyByInvitation(tx: Transaction, userId: number): Promise<boolean> {
  const rows = await tx
    .update(user)
    .set({ verified: true })
    .where(
      and(
        eq(user.id, userId),
        not(user.verified),
        sql`not exists (select 1 from hot."user" other where other.email = "user"."email" and other.verified)`,
      ),
    )
    .returning({ id: user.id });
  return rows.length > 0;
}

/**
 * Accepts the invitation whose token hashes to `tokenHash` for the signed-in user. Both accounts are locked
 * (lower id first, so two people inviting each other cannot deadlock); the admin's lock is the one a plan
 * change takes, so of many accepts for the last seat exactly one joins, and seats cannot be sold below the
 * members meanwhile. The token is spent in the same transaction. An invitee in another team is refused and
 * the invitation declined (committed, then refused): it frees its seat and its admin sees why, and a resend,
 * under the same lock, replaces it.
 */
export async function acceptInvitation(
  db: Database,
  input: { userId: number; email: string; verified: boolean; tokenHash: string; now: Date },
): Promise<{ adminUserId: number }> {
  type Outcome = { adminUserId: number } | { declined: JoinRefusal };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [found] = await tx
      .select()
      .from(teamInvitation)
      .where(eq(teamInvitation.tokenHash, input.tokenHash))
      .limit(1);
    if (!found) throw invalidInvitation();
    const adminUserId = found.adminUserId;
    for (const id of [adminUserId, input.userId].sort((a, b) => a - b)) await lockAccount(tx, { userId: id });

    // Read again inside the locks: another accept of this token may have committed meanwhile.
    const [invitation] = await tx
      .select()
      .from(teamInvitation)
      .where(eq(teamInvitation.id, found.id))
      .limit(1);
    if (!invitation) throw invalidInvitation();
    const state = invitationState(invitation, input.now);
    if (state === "accepted") throw new AppError(409, "invitation_used", "This invitation was already used.");
    if (state === "declined") {
      throw new AppError(
        409,
        "invitation_declined",
        "This invitation is closed: when you opened it, you were in another team. Once you have left that team, ask your admin to send it again.",
      );
    }
    if (state === "expired") {
      throw new AppError(
        410,
        "invitation_expired",
        "This invitation has expired. Ask your admin to send it again.",
      );
    }
    if (!sameEmail(invitation.email, input.email)) {
      throw new AppError(
        403,
        "invitation_wrong_email",
        "This invitation was sent to another email address. Sign in with that address to join.",
      );
    }

    const own = await getSubscriptionRow(tx, { userId: input.userId });
    const refusal = joinRefusal({
      inviteeId: input.userId,
      adminId: adminUserId,
      own: own ? { adminUserId: own.adminUserId, ok: own.ok, ended: hasEnded(own.status) } : null,
      hasMembers: (await countTeamMembers(tx, { adminUserId: input.userId })) > 0,
    });
    if (refusal) {
      const decline = declineOf(refusal, { inviteeAdminId: own?.adminUserId ?? null, adminId: adminUserId });
      if (!decline) throw REFUSALS[refusal]();
      // Still this token's, pending and undeclined (two joins at once: the second finds it declined above).
      await tx
        .update(teamInvitation)
        .set({ declinedAt: input.now, declinedReason: decline })
        .where(
          and(
            eq(teamInvitation.id, invitation.id),
            eq(teamInvitation.tokenHash, input.tokenHash),
            isNull(teamInvitation.acceptedAt),
            isNull(teamInvitation.declinedAt),
          ),
        );
      return { declined: refusal };
    }

    const admin = await getSubscriptionRow(tx, { userId: adminUserId });
    if (!admin || isMemberRow(admin, adminUserId) || !isPaidPlan(planOf(admin))) {
      throw new AppError(
        409,
        "team_unavailable",
        "This team's subscription is not active, so nobody can join it now.",
      );
    }
    if (!hasFreeSeat(admin.quantity, await countTeamMembers(tx, { adminUserId }))) {
      throw new AppError(
        409,
        "no_free_seat",
        "No free seat is left in this team: ask its admin to add seats.",
      );
    }
    if (!input.verified && !(await verifyByInvitation(tx, input.userId))) {
      throw new AppError(
        403,
        "email_not_verified",
        "Confirm your email address with the code we sent first.",
      );
    }

    const spent = await tx
      .update(teamInvitation)
      .set({ acceptedAt: input.now, acceptedBy: input.userId })
      .where(and(eq(teamInvitation.id, invitation.id), isNull(teamInvitation.acceptedAt)))
      .returning({ id: teamInvitation.id });
    if (spent.length === 0) throw new AppError(409, "invitation_used", "This invitation was already used.");

    // The member's row only links them to the admin: plan, payment state and seats are read from the admin's
    // row, so whatever happens to it (a cancellation) happens to every member at the same moment. Someone who
    // once paid for themselves keeps their own Stripe customer and last subscription on it (webhooks never
    // take a member row for their owner: findSubscriptionOwner), so leaving gives them back and a later
    // checkout pays as the same customer, with one billing history (removeMember, leaveTeam).
    const ownCustomer = own?.customer.startsWith("cus_") === true;
    const history = own && ownCustomer ? own : admin;
    const values = {
      customer: history.customer,
      subscription: history.subscription,
      ownCustomer,
      quantity: 1,
      adminUserId,
      amount: admin.amount,
      ok: admin.ok,
      status: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      cancellationDetails: null,
      currentPeriodEnd: null,
      customerEmail: null,
      createdAt: input.now,
      updatedAt: input.now,
    };
    await tx
      .insert(subscription)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: subscription.userId, set: values });
    await tx.delete(teamNotice).where(eq(teamNotice.userId, input.userId));
    // Other invitations to this address from the same team are spent too: the seat is taken.
    await tx
      .delete(teamInvitation)
      .where(
        and(
          eq(teamInvitation.adminUserId, adminUserId),
          eq(teamInvitation.email, invitation.email),
          isNull(teamInvitation.acceptedAt),
          ne(teamInvitation.id, invitation.id),
        ),
      );
    return { adminUserId };
  });
  // Refused once the decline is committed: thrown inside, it would be rolled back with the rest.
  if ("declined" in outcome) throw REFUSALS[outcome.declined]();
  return outcome;
}

const invalidInvitation = () =>
  new AppError(
    404,
    "invitation_invalid",
    "This invitation link is not valid. It may have been withdrawn: ask your admin for a new one.",
  );
