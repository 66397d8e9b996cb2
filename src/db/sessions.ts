// Session queries: a session is valid while neither timeout has passed and its user is not deleted (nor an
// unverified account past its day).
import { and, eq, gt, lte, ne, or, type SQL } from "drizzle-orm";
import { session, user } from "../../drizzle/schema";
import { SESSION_ABSOLUTE_SECONDS, UNVERIFIED_ACCOUNT_SECONDS } from "../domain/auth-limits";
import type { SessionUser } from "../env";
import type { Database, Queryable } from "./client";

export interface FoundSession {
  user: SessionUser;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date;
}

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * The session `sessionId` while it lives at `now`, of a user still there (SESSION_ABSOLUTE_SECONDS after
 * its start, by src/domain/sessions' absoluteDeadline): one rule for the middleware's query and for a
 * statement that checks its sender itself (src/db/session-check.ts).
 */
export const liveSession = ({ sessionId, now }: { sessionId: string; now: Date }): SQL | undefined =>
  and(
    eq(session.id, sessionId),
    gt(session.expiresAt, now),
    gt(session.createdAt, secondsBefore(now, SESSION_ABSOLUTE_SECONDS)),
    eq(user.deleted, false),
    or(eq(user.verified, true), gt(user.createdAt, secondsBefore(now, UNVERIFIED_ACCOUNT_SECONDS))),
  );

/** What a session lookup reads, by name: the middleware's query and a statement's own check (session-check.ts). */
export const SESSION_USER_COLUMNS = {
  id: user.id,
  email: user.email,
  verified: user.verified,
  createdAt: session.createdAt,
  expiresAt: session.expiresAt,
  lastUsedAt: session.lastUsedAt,
};

/** A row of those columns as the session it found; times as dates, or as JSON gives them back. */
export function foundSessionOf(row: {
  id: unknown;
  email: unknown;
  verified: unknown;
  createdAt: Date | string;
  expiresAt: Date | string;
  lastUsedAt: Date | string;
}): FoundSession {
  return {
    user: { id: Number(row.id), email: String(row.email), verified: row.verified === true },
    createdAt: new Date(row.createdAt),
    expiresAt: new Date(row.expiresAt),
    lastUsedAt: new Date(row.lastUsedAt),
  };
}

export async function findSessionUser(
  db: Database,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<FoundSession | null> {
  const rows = await db
    .select(SESSION_USER_COLUMNS)
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(liveSession({ sessionId, now }))
    .limit(1);
  const row = rows[0];
  return row ? foundSessionOf(row) : null;
}

export async function insertSession(
  db: Queryable,
  values: { id: string; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(session).values({
    id: values.id,
    userId: values.userId,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Slides the idle timeout; the `lastUsedAt` guard makes concurrent refreshes of one session write once. */
export async function refreshSession(
  db: Database,
  {
    sessionId,
    now,
    expiresAt,
    refreshedBefore,
  }: { sessionId: string; now: Date; expiresAt: Date; refreshedBefore: Date },
): Promise<boolean> {
  const rows = await db
    .update(session)
    .set({ expiresAt, lastUsedAt: now })
    .where(and(eq(session.id, sessionId), lte(session.lastUsedAt, refreshedBefore)))
    .returning({ id: session.id });
  return rows.length > 0;
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(session).where(eq(session.id, sessionId));
}

/** Ends every session of a user, or every one but `exceptSessionId` (the one changing the password). */
export async function deleteUserSessions(
  db: Database,
  { userId, exceptSessionId }: { userId: number; exceptSessionId?: string },
): Promise<void> {
  const mine = eq(session.userId, userId);
  await db.delete(session).where(exceptSessionId ? and(mine, ne(session.id, exceptSessionId)) : mine);
}
