// Session queries: a session is valid while it has not expired and its user is not deleted.
import { and, eq, gt } from "drizzle-orm";
import { session, user } from "../../drizzle/schema";
import type { SessionUser } from "../env";
import type { Database } from "./client";

export async function findSessionUser(
  db: Database,
  { sessionId, now }: { sessionId: string; now: Date },
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const rows = await db
    .select({ id: user.id, email: user.email, verified: user.verified, expiresAt: session.expiresAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, now), eq(user.deleted, false)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { user: { id: Number(row.id), email: row.email, verified: row.verified }, expiresAt: row.expiresAt };
}
