// A user's next new chat's id, reserved while the new chat's screen is open, so its Durable Object exists before
// the first message: making the object was part of a new chat's wait for its first token.
import { type SQL, sql } from "drizzle-orm";
import { chatReservation } from "../../drizzle/schema";
import { firstRow, type Statements } from "./client";
import { type Sender, senderColumn, senderCte, senderId, senderRow, settleSender } from "./session-check";

/** The next value of the chats' own sequence: a reserved id can never be another chat's. */
const NEXT_CHAT_ID = sql`nextval(pg_get_serial_sequence('hot.chat', 'id'))`;

/**
 * The id the user's next new chat will take: the one already reserved, or a new one. Null when a second
 * reservation raced this one (the next chat takes the other) or the session refused (`settleSender` throws).
 */
export async function reserveNextChat(
  db: Statements,
  { sender }: { sender: Sender },
): Promise<number | null> {
  const userId = senderId(sender);
  const row = await firstRow<{ chatId: string | number | null; session?: Record<string, unknown> | null }>(
    db,
    sql`with ${senderCte(sender)}
    kept as (select ${chatReservation.chatId} as id from ${chatReservation} where ${chatReservation.userId} = ${userId}),
    made as (insert into ${chatReservation} ("userId", "chatId")
      select v.id, ${NEXT_CHAT_ID} from ${senderRow(sender)} where not exists (select 1 from kept)
      on conflict ("userId") do nothing
      returning "chatId" as id)
    select coalesce((select id from kept), (select id from made)) as "chatId"${senderColumn(sender)}`,
  );
  settleSender(sender, row);
  return row?.chatId === null || row?.chatId === undefined ? null : Number(row.chatId);
}

/**
 * For a send's statement, after its quota CTE `q`. A new chat's: the CTE `taken` (the user's reservation, taken
 * only when the quota let the request through) and the new chat's id (the reserved one, else the sequence's
 * next); an existing chat's: no CTE.
 */
export function takenReservation(userId: SQL, newChat: boolean): { cte: SQL; chatId: SQL } {
  return {
    cte: newChat
      ? sql`
    taken as (delete from ${chatReservation}
      where ${chatReservation.userId} = ${userId} and (select outcome from q) = 'ok'
      returning ${chatReservation.chatId} as id),`
      : sql``,
    chatId: sql`coalesce((select id from taken), ${NEXT_CHAT_ID})`,
  };
}
