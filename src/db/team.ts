// Team rows: who manages or belongs to a team, its invitations (hashed tokens), and the notice of a removal.
import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { subscription, teamInvitation, teamNotice, user } from "../../drizzle/schema";
import { isPaidPlan, planOf } from "../domain/plans";
import {
  type InvitationPreview,
  invitationDeclineOf,
  invitationExpiry,
  invitationState,
  isMemberRow,
  seatsOpenForInvites,
  type TeamInvitationView,
  type TeamMemberView,
  type TeamView,
} from "../domain/team";
import { AppError } from "../errors";
import type { Database, Queryable, Transaction } from "./client";
import { getSubscriptionRow, lockAccount, type SubscriptionRow } from "./subscriptions";
import { usageAndPool, usageByUser } from "./team-usage";

export const notTeamAdmin = () => new AppError(403, "not_team_admin", "Only the team's admin can do this.");

/** The caller's own (non-member) subscription row: the one whose seats they manage. 403 for anyone else. */
export async function adminRowOf(db: Queryable, { userId }: { userId: number }): Promise<SubscriptionRow> {
  const row = await getSubscriptionRow(db, { userId });
  if (!row || isMemberRow(row, userId)) throw notTeamAdmin();
  return row;
}

const memberRows = (db: Queryable, adminUserId: number) =>
  db
    .select({ userId: subscription.userId, email: user.email, joinedAt: subscription.createdAt })
    .from(subscription)
    .innerJoin(user, eq(user.id, subscription.userId))
    .where(and(eq(subscription.adminUserId, adminUserId), ne(subscription.userId, adminUserId)))
    .orderBy(asc(subscription.createdAt), asc(subscription.userId));

/** What GET /api/team answers: the admin's view, the member's, or none. */
export async function teamViewOf(
  db: Database,
  { userId, email, now }: { userId: number; email: string; now: Date },
): Promise<TeamView> {
  const own = await getSubscriptionRow(db, { userId });
  if (isMemberRow(own, userId)) {
    const [admin] = await db
      .select({
        email: user.email,
        amount: subscription.amount,
        ok: subscription.ok,
        seats: subscription.quantity,
      })
      .from(subscription)
      .innerJoin(user, eq(user.id, subscription.userId))
      .where(eq(subscription.userId, own.adminUserId))
      .limit(1);
    return {
      role: "member",
      plan: planOf(admin ?? null),
      adminEmail: admin?.email ?? "",
      seats: admin?.seats ?? 1,
      joinedAt: own.createdAt.toISOString(),
    };
  }
  const members = own ? await memberRows(db, userId) : [];
  if (!own || (own.quantity <= 1 && members.length === 0 && !own.ok)) {
    return { role: "none", plan: planOf(own) };
  }
  const invitations = await db
    .select()
    .from(teamInvitation)
    .where(and(eq(teamInvitation.adminUserId, userId), isNull(teamInvitation.acceptedAt)))
    .orderBy(asc(teamInvitation.createdAt), asc(teamInvitation.id));
  // The pool holds more than the people listed: the requests of members since removed stay in it.
  const [usage, { pooled }] = await Promise.all([
    usageByUser(db, { userIds: [userId, ...members.map((m) => m.userId)], ownerId: userId, now }),
    usageAndPool(db, { userId, now }),
  ]);
  const empty = { text: 0, image: 0, reasoning: 0, long: 0 };
  const people: TeamMemberView[] = [
    {
      userId,
      email,
      joinedAt: own.createdAt.toISOString(),
      isAdmin: true,
      usage: usage.get(userId) ?? empty,
    },
    ...members.map((m) => ({
      userId: m.userId,
      email: m.email,
      joinedAt: m.joinedAt.toISOString(),
      isAdmin: false,
      usage: usage.get(m.userId) ?? empty,
    })),
  ];
  const views: TeamInvitationView[] = invitations.map((i) => {
    const state = invitationState(i, now);
    return {
      id: i.id,
      email: i.email,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      expired: state === "expired",
      declined: state === "declined" ? invitationDeclineOf(i.declinedReason) : null,
    };
  });
  const pending = views.filter((i) => !i.expired && !i.declined).length;
  return {
    role: "admin",
    plan: planOf(own),
    seats: own.quantity,
    seatsUsed: 1 + members.length,
    seatsOpen: seatsOpenForInvites(own.quantity, members.length, pending),
    members: people,
    invitations: views,
    pooledUsage: pooled,
  };
}

/** The admin's invitations neither used, declined nor expired: each keeps a seat for its invitee. */
export async function countPendingInvitations(
  db: Queryable,
  { adminUserId, now }: { adminUserId: number; now: Date },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamInvitation)
    .where(
      and(
        eq(teamInvitation.adminUserId, adminUserId),
        isNull(teamInvitation.acceptedAt),
        isNull(teamInvitation.declinedAt),
        gt(teamInvitation.expiresAt, now),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Invites each address, replacing any pending or declined invitation of the same address (a resend: the old
 * link stops working, and a decline is cleared). Checked under the admin's account lock against the seats
 * neither used nor held by other pending invitations, so invitations never promise more seats than were bought.
 * Whether an address has an account, or is in another team, is not looked at: the answer is the same for any
 * address outside the admin's team (sign-up and password reset never tell either); a member of another team
 * who opens the link declines it (acceptInvitation), and only then may the admin learn it.
 */
export async function createInvitations(
  db: Database,
  input: { adminUserId: number; invites: { email: string; tokenHash: string }[]; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, { userId: input.adminUserId });
    const row = await adminRowOf(tx, { userId: input.adminUserId });
    if (!isPaidPlan(planOf(row))) {
      throw new AppError(
        409,
        "team_unavailable",
        "Your subscription is not active: renew it to invite people.",
      );
    }
    const emails = input.invites.map((i) => i.email);
    const members = await memberRows(tx, input.adminUserId);
    const taken = members.findIndex((m) => emails.includes(m.email));
    if (taken >= 0) {
      const at = emails.indexOf(members[taken]?.email ?? "");
      throw new AppError(409, "already_in_team", `${emails[at]} is already in your team.`, {
        details: [{ path: `emails.${at}`, message: "already a member" }],
      });
    }
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, input.adminUserId));
    const self = emails.indexOf(owner?.email ?? "");
    if (self >= 0) {
      // Its own code, not invalid_input: the address is well formed, and the page says why it is refused.
      throw new AppError(409, "cannot_invite_self", "You hold the admin's seat already: invite others.", {
        details: [{ path: `emails.${self}`, message: "your own address" }],
      });
    }
    await tx
      .delete(teamInvitation)
      .where(
        and(
          eq(teamInvitation.adminUserId, input.adminUserId),
          inArray(teamInvitation.email, emails),
          isNull(teamInvitation.acceptedAt),
        ),
      );
    const pending = await countPendingInvitations(tx, { adminUserId: input.adminUserId, now: input.now });
    const open = seatsOpenForInvites(row.quantity, members.length, pending);
    if (emails.length > open) {
      throw new AppError(
        409,
        "no_free_seat",
        open === 0
          ? "No free seat: add seats to invite more people."
          : `Only ${open} free ${open === 1 ? "seat" : "seats"}: add seats to invite ${emails.length} people.`,
        { details: [{ path: "emails", message: `at most ${open}` }] },
      );
    }
    await tx.insert(teamInvitation).values(
      input.invites.map((i) => ({
        adminUserId: input.adminUserId,
        email: i.email,
        tokenHash: i.tokenHash,
        createdAt: input.now,
        expiresAt: invitationExpiry(input.now),
      })),
    );
  });
}

/** Withdraws a pending invitation of this admin; false when there is none by that id (another team's too). */
export async function withdrawInvitation(
  db: Database,
  { adminUserId, id }: { adminUserId: number; id: number },
): Promise<boolean> {
  const rows = await db
    .delete(teamInvitation)
    .where(
      and(
        eq(teamInvitation.id, id),
        eq(teamInvitation.adminUserId, adminUserId),
        isNull(teamInvitation.acceptedAt),
      ),
    )
    .returning({ id: teamInvitation.id });
  return rows.length > 0;
}

/** The invitation of a token's hash with its admin's address and plan, or null. */
export async function findInvitation(db: Queryable, { tokenHash }: { tokenHash: string }) {
  const [row] = await db
    .select({ invitation: teamInvitation, adminEmail: user.email })
    .from(teamInvitation)
    .innerJoin(user, eq(user.id, teamInvitation.adminUserId))
    .where(eq(teamInvitation.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const admin = await getSubscriptionRow(db, { userId: row.invitation.adminUserId });
  return { ...row, admin };
}

export function previewOf(
  found: NonNullable<Awaited<ReturnType<typeof findInvitation>>>,
  now: Date,
): InvitationPreview {
  return {
    email: found.invitation.email,
    adminEmail: found.adminEmail,
    plan: planOf(found.admin),
    state: invitationState(found.invitation, now),
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * Takes a member's seat back (under the admin's lock, like a join): their row goes, so their plan is none,
 * and a notice tells them why at their next visit. False when the user is not in this admin's team.
 */
export async function removeMember(
  db: Database,
  { adminUserId, userId, adminEmail }: { adminUserId: number; userId: number; adminEmail: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, { userId: adminUserId });
    const gone = await deleteMemberRow(tx, { userId, adminUserId });
    if (!gone) return false;
    await tx
      .insert(teamNotice)
      .values({ userId, kind: "removed", adminEmail })
      .onConflictDoUpdate({
        target: teamNotice.userId,
        set: { kind: "removed", adminEmail, createdAt: new Date() },
      });
    return true;
  });
}

/**
 * Ends a membership. A row that kept the person's own Stripe customer (acceptInvitation) becomes theirs again,
 * ended (no plan; their next checkout reuses the customer); a row with the team's customer goes.
 */
async function deleteMemberRow(
  tx: Transaction,
  { userId, adminUserId }: { userId: number; adminUserId: number },
) {
  const member = and(
    eq(subscription.userId, userId),
    eq(subscription.adminUserId, adminUserId),
    ne(subscription.userId, adminUserId),
  );
  const restored = await tx
    .update(subscription)
    .set({
      adminUserId: null,
      ownCustomer: false,
      ok: false,
      amount: 0,
      quantity: 1,
      status: "canceled",
      cancelAtPeriodEnd: false,
      canceledAt: null,
      cancellationDetails: null,
      currentPeriodEnd: null,
      updatedAt: new Date(),
    })
    .where(and(member, eq(subscription.ownCustomer, true)))
    .returning({ userId: subscription.userId });
  if (restored.length > 0) return true;
  const rows = await tx.delete(subscription).where(member).returning({ userId: subscription.userId });
  return rows.length > 0;
}

/** The member gives their seat back; false when they are in no team. */
export async function leaveTeam(db: Database, { userId }: { userId: number }): Promise<boolean> {
  const own = await getSubscriptionRow(db, { userId });
  if (!isMemberRow(own, userId)) return false;
  const adminUserId = own.adminUserId;
  return db.transaction(async (tx) => {
    await lockAccount(tx, { userId: adminUserId });
    return deleteMemberRow(tx, { userId, adminUserId });
  });
}

export async function dismissTeamNotice(db: Queryable, { userId }: { userId: number }): Promise<void> {
  await db.delete(teamNotice).where(eq(teamNotice.userId, userId));
}
