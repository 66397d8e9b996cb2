// Team rules (SPEC §1/§4/§6, issue #18): seats, invitations and their lifetime, the wire shapes of /api/team.
import { matchAppRoute } from "./app-routes.ts";
import { refusedPath } from "./error-codes.ts";
import { splitLocalePath } from "./locale-routing.ts";
import type { Plan } from "./plans.ts";
import { safeReturnPath } from "./safe-return.ts";
import type { UsageCounts } from "./usage.ts";

/** An invitation link works for seven days. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** Addresses one invite request may name. */
export const MAX_INVITES_PER_REQUEST = 20;

/** The invitation token in a link: 256 random bits, base64url. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const invitationExpiry = (now: Date): Date => new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000);

/** `declined`: its invitee opened it and could not join (InvitationDecline says why); a resend replaces it. */
export type InvitationState = "pending" | "expired" | "accepted" | "declined";

export function invitationState(
  invitation: { expiresAt: Date; acceptedAt: Date | null; declinedAt: Date | null },
  now: Date,
): InvitationState {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.declinedAt) return "declined";
  return invitation.expiresAt <= now ? "expired" : "pending";
}

/** Why an invitee could not join, as the invitation records it for its admin. */
export const INVITATION_DECLINES = ["in_another_team"] as const;
export type InvitationDecline = (typeof INVITATION_DECLINES)[number];

/** A stored reason read back; one this code no longer knows is said as the one it can say. */
export const invitationDeclineOf = (stored: string | null): InvitationDecline =>
  INVITATION_DECLINES.find((reason) => reason === stored) ?? "in_another_team";

/**
 * Seats still free for new invitations: the admin holds one, each member one, and each pending invitation
 * keeps one for its invitee. Never negative (seats bought below the count leave none).
 */
export function seatsOpenForInvites(seats: number, members: number, pending: number): number {
  return Math.max(0, seats - 1 - members - pending);
}

/** Whether `userId`'s subscription row is a team member's: it names another user as its admin. */
export const isMemberRow = <Row extends { adminUserId: number | null }>(
  row: Row | null | undefined,
  userId: number,
): row is Row & { adminUserId: number } =>
  row != null && row.adminUserId !== null && row.adminUserId !== userId;

/** Whether one more member fits: checked with the admin's account locked, the moment a member joins. */
export const hasFreeSeat = (seats: number, members: number): boolean => 1 + members < seats;

/** Why a signed-in invitee may not join, or null when they may (the seat is checked apart, under the lock). */
export type JoinRefusal = "own_plan_active" | "team_has_members" | "already_in_team" | "is_admin";

export function joinRefusal(input: {
  inviteeId: number;
  adminId: number;
  /** The invitee's own subscription row, if any. */
  own: { adminUserId: number | null; ok: boolean; ended: boolean } | null;
  /** Whether other users name the invitee as their admin. */
  hasMembers: boolean;
}): JoinRefusal | null {
  if (input.inviteeId === input.adminId) return "is_admin";
  const own = input.own;
  if (isMemberRow(own, input.inviteeId)) return "already_in_team";
  // A plan of one's own is kept until it is cancelled: two plans at once would bill the person twice.
  if (own?.ok && !own.ended) return "own_plan_active";
  // Leading a team of one's own (its plan ended, its members kept): one person is never in two teams.
  if (input.hasMembers) return "team_has_members";
  return null;
}

/**
 * Whether a join refusal closes the invitation, and why: only a member of another team, who opened the link and
 * so lets its admin learn it. The admin never learns it from inviting (an invite answers alike for any address),
 * and a refusal the invitee can lift at once (their own plan, their own team's members) leaves it pending.
 */
export function declineOf(
  refusal: JoinRefusal,
  teams: { inviteeAdminId: number | null; adminId: number },
): InvitationDecline | null {
  return refusal === "already_in_team" && teams.inviteeAdminId !== teams.adminId ? "in_another_team" : null;
}

/**
 * The invitation token of a return path to the join page (`/join?token=…`, in any locale), or null: the sign-in
 * and sign-up forms reached from an invitation ask it for the invited address, which only the token's holder sees.
 */
export function invitationTokenOf(returnPath: string | null): string | null {
  const path = safeReturnPath(returnPath);
  if (!path) return null;
  const url = new URL(path, "https://self.invalid");
  if (matchAppRoute(splitLocalePath(url.pathname).path)?.route.page !== "join") return null;
  const token = url.searchParams.get("token");
  return token && INVITATION_TOKEN_PATTERN.test(token) ? token : null;
}

/** Same address, whatever its case or surrounding spaces. */
export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The addresses of an invite request, trimmed, lower-cased and each once, in their first order. */
export function uniqueEmails(emails: readonly string[]): string[] {
  return [...new Set(emails.map((e) => e.trim().toLowerCase()))];
}

/**
 * The address an invite refusal is about: its first detail's path ("emails.1") indexes the request's addresses
 * as the server read them (uniqueEmails of what was sent). Null when it names none, or none of these.
 */
export function refusedInvitee(details: unknown, sent: readonly string[]): string | null {
  const index = /^emails\.(\d+)$/.exec(refusedPath(details) ?? "")?.[1];
  return index === undefined ? null : (uniqueEmails(sent)[Number(index)] ?? null);
}

export interface TeamMemberView {
  userId: number;
  email: string;
  /** ISO date the member joined (the admin: when their row was written). */
  joinedAt: string;
  isAdmin: boolean;
  /** This period's requests per category (each category's own window). */
  usage: UsageCounts;
}

export interface TeamInvitationView {
  id: number;
  email: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  /** Set once its invitee opened it and could not join; it then holds no seat. */
  declined: InvitationDecline | null;
}

/** GET /api/team. */
export type TeamView =
  | {
      role: "admin";
      plan: Plan;
      seats: number;
      seatsUsed: number;
      /** Seats neither used nor held by a pending invitation. */
      seatsOpen: number;
      members: TeamMemberView[];
      invitations: TeamInvitationView[];
      /** The team's pooled usage: what the quota counts. */
      pooledUsage: UsageCounts;
    }
  | { role: "member"; plan: Plan; adminEmail: string; seats: number; joinedAt: string }
  | { role: "none"; plan: Plan };

/** What an invitee sees before joining (POST /api/team/invitation). */
export interface InvitationPreview {
  email: string;
  adminEmail: string;
  plan: Plan;
  state: InvitationState;
  expiresAt: string;
}

/** Why a user lost their seat, shown once at their next visit. */
export interface TeamNotice {
  kind: "removed";
  adminEmail: string;
  at: string;
}
