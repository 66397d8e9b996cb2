// A statement that checks its own sender's session: a send saves the session's round trip by carrying it.
import { eq, type SQL, sql } from "drizzle-orm";
import { session, user } from "../../drizzle/schema";
import { firstRow, type Statements } from "./client";
import { type FoundSession, foundSessionOf, liveSession, SESSION_USER_COLUMNS } from "./sessions";

/**
 * A session cookie not looked up yet. The statement reads it with the middleware's rule (`liveSession`) and
 * acts only for a verified user; it hands what it found to `settle` before anything else of its result is
 * used, and `settle` throws to refuse (401, 403) — nothing was written then.
 */
export interface SessionCheck {
  sessionId: string;
  now: Date;
  settle(found: FoundSession | null): void;
}

/** Who a statement acts for: a user already known, or a session it checks itself. */
export type Sender = { userId: number } | { session: SessionCheck };

/** The CTE `s` of the session (at most one row), to open the statement's `with` list; nothing for a known user. */
export const senderCte = (sender: Sender): SQL =>
  "session" in sender
    ? sql`s as materialized (
        select ${sql.join(
          Object.entries(SESSION_USER_COLUMNS).map(
            ([name, column]) => sql`${column} as ${sql.identifier(name)}`,
          ),
          sql`, `,
        )}
        from ${session} inner join ${user} on ${eq(user.id, session.userId)}
        where ${liveSession(sender.session)}
        limit 1),`
    : sql``;

/**
 * The id the statement acts for, as SQL. For a session it is null unless the session lives and its user is
 * verified, so every condition on the user is false and nothing is read, counted or written.
 */
export const senderId = (sender: Sender): SQL =>
  "session" in sender ? sql`(select s.id from s where s.verified)` : sql`${sender.userId}::bigint`;

/** The one row `v (id)` of the user the statement may act for, as a FROM item: none for a refused session. */
export const senderRow = (sender: Sender): SQL =>
  "session" in sender
    ? sql`(select s.id from s where s.verified) v`
    : sql`(select ${sender.userId}::bigint as id) v`;

/** The session the statement found, as a column `session` to add to its one result row. */
export const senderColumn = (sender: Sender): SQL =>
  "session" in sender ? sql`, (select to_jsonb(s) from s) as session` : sql``;

/** Hands the statement's finding to the session's `settle` (a known user needs nothing). */
export function settleSender(sender: Sender, row: { session?: Record<string, unknown> | null } | undefined) {
  if (!("session" in sender)) return;
  const found = row?.session as Parameters<typeof foundSessionOf>[0] | null | undefined;
  sender.session.settle(found ? foundSessionOf(found) : null);
}

/**
 * A statement of the session alone, for a route whose own statement must know its user's id when Postgres
 * plans it (quick search: with the id only found inside the statement, its plans read whole tables). Two round
 * trips over the HTTP endpoint, still no connection to open.
 */
export async function settleSenderAlone(db: Statements, sender: Sender): Promise<void> {
  if (!("session" in sender)) return;
  const row = await firstRow<{ session?: Record<string, unknown> | null }>(
    db,
    sql`with ${senderCte(sender)} one as (select 1) select true as checked ${senderColumn(sender)} from one`,
  );
  settleSender(sender, row);
}
