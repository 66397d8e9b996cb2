// Chat queries; every one filters by the owner in SQL, so another user's chat id simply finds nothing.
import { and, eq, sql } from "drizzle-orm";
import { assistant, chat } from "../../drizzle/schema";
import { notFound } from "../errors";
import { type Database, FOREIGN_KEY_VIOLATION, firstRow, isPostgresError, type Statements } from "./client";
import { chatFromJson } from "./json-rows";
import { type Sender, senderColumn, senderCte, senderId, settleSender } from "./session-check";

/** The assistant was deleted between the check and the write (its delete holds the row until it commits). */
const assistantGone = (err: unknown) => isPostgresError(err, FOREIGN_KEY_VIOLATION);

export type ChatRow = typeof chat.$inferSelect;

const ownChat = (userId: number, chatId: number) => and(eq(chat.id, chatId), eq(chat.user, userId));

/**
 * A page of the sidebar's chats of one assistant (`assistantId` null: the built-in default), newest activity
 * first, `limit + 1` read to see a next page — and whether the assistant is the sender's, in one statement that
 * checks a deferred session too (the sidebar's first read opens no connection). Null for another user's
 * assistant or none; `settleSender` refuses first (401, 403).
 */
export async function listChats(
  db: Statements,
  {
    sender,
    assistantId,
    limit,
    offset,
  }: { sender: Sender; assistantId: number | null; limit: number; offset: number },
): Promise<{ chats: ChatRow[]; hasNextPage: boolean } | null> {
  const userId = senderId(sender);
  const inAssistant =
    assistantId === null ? sql`${chat.assistantId} is null` : sql`${chat.assistantId} = ${assistantId}`;
  const row = await firstRow<{
    found: boolean;
    chats: Record<string, unknown>[] | null;
    session?: Record<string, unknown> | null;
  }>(
    db,
    sql`with ${senderCte(sender)} page as (
        select * from ${chat} where ${chat.user} = ${userId} and ${inAssistant}
        order by ${chat.updatedAt} desc, ${chat.id} desc limit ${limit + 1} offset ${offset})
      select ${
        assistantId === null
          ? sql`true`
          : sql`exists (select 1 from ${assistant} where ${assistant.id} = ${assistantId} and ${assistant.userId} = ${userId})`
      } as found,
        (select jsonb_agg(to_jsonb(p) order by p."updatedAt" desc, p.id desc) from page p) as chats
        ${senderColumn(sender)}`,
  );
  settleSender(sender, row);
  if (!row?.found) return null;
  const rows = (row.chats ?? []).map(chatFromJson);
  return { chats: rows.slice(0, limit), hasNextPage: rows.length > limit };
}

export async function getChat(db: Database, { userId, chatId }: { userId: number; chatId: number }) {
  const rows = await db.select().from(chat).where(ownChat(userId, chatId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Whether the chat is the sender's, in one statement that checks a deferred session too (a reader attaching to
 * a chat's stream: no round trip of its own for the session). `settleSender` refuses first (401, 403).
 */
export async function isOwnChat(db: Statements, { sender, chatId }: { sender: Sender; chatId: number }) {
  const row = await firstRow<{ own: boolean; session?: Record<string, unknown> | null }>(
    db,
    sql`with ${senderCte(sender)} target as (select ${chatId}::bigint as id)
      select exists (
        select 1 from ${chat}, target where ${chat.id} = target.id and ${chat.user} = ${senderId(sender)}
      ) as own ${senderColumn(sender)}
      from target`,
  );
  settleSender(sender, row);
  return row?.own === true;
}

/** Renames a chat of the user's: its public id (a shared page shows the title), or null when not theirs. */
export async function renameChat(
  db: Database,
  { userId, chatId, title }: { userId: number; chatId: number; title: string },
): Promise<{ publicId: string | null } | null> {
  const rows = await db
    .update(chat)
    .set({ title })
    .where(ownChat(userId, chatId))
    .returning({ publicId: chat.publicId });
  return rows[0] ?? null;
}

/** Sets a generated title only while the chat has none, so a user's rename is never overwritten. */
export async function setGeneratedTitle(
  db: Database,
  { userId, chatId, title }: { userId: number; chatId: number; title: string },
): Promise<boolean> {
  const rows = await db
    .update(chat)
    .set({ title })
    .where(and(ownChat(userId, chatId), eq(chat.title, "")))
    .returning({ id: chat.id });
  return rows.length > 0;
}

export async function deleteChat(db: Database, { userId, chatId }: { userId: number; chatId: number }) {
  const rows = await db.delete(chat).where(ownChat(userId, chatId)).returning({ id: chat.id });
  return rows.length > 0;
}

/** Moves a chat to one of the same user's assistants (null = default); false when either is not theirs. */
export async function moveChat(
  db: Database,
  { userId, chatId, assistantId }: { userId: number; chatId: number; assistantId: number | null },
): Promise<boolean> {
  const target =
    assistantId === null
      ? sql`true`
      : sql`exists (select 1 from ${assistant} where ${assistant.id} = ${assistantId} and ${assistant.userId} = ${userId})`;
  try {
    const rows = await db
      .update(chat)
      .set({ assistantId })
      .where(and(ownChat(userId, chatId), target))
      .returning({ id: chat.id });
    return rows.length > 0;
  } catch (err) {
    if (assistantGone(err)) return false;
    throw err;
  }
}

export async function createChat(
  db: Database,
  { userId, assistantId, model }: { userId: number; assistantId: number | null; model: string },
): Promise<ChatRow> {
  try {
    const [row] = await db.insert(chat).values({ user: userId, assistantId, model }).returning();
    if (!row) throw new Error("createChat: insert returned nothing");
    return row;
  } catch (err) {
    if (assistantGone(err)) throw notFound("No such assistant.");
    throw err;
  }
}
