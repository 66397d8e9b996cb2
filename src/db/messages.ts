// Message queries: reading a chat, recording an exchange, and filling a model message exactly once.
import { and, type Column, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import type { Database } from "./client";

export type MessageRow = typeof message.$inferSelect;

/** Messages from `fromId` up to (not including) `beforeId`: what an edit or a regenerate replaces. */
export interface MessageSpan {
  fromId: number;
  beforeId: number;
}

/** A message id (`column`) outside the span: what stays in the conversation while the span is replaced. */
export const outsideSpan = (column: Column, span: MessageSpan): SQL =>
  sql`(${column} < ${span.fromId} or ${column} >= ${span.beforeId})`;

const inOwnChat = (userId: number, chatId: number) =>
  and(
    eq(message.chat, chatId),
    sql`${message.chat} in (select ${chat.id} from ${chat} where ${chat.user} = ${userId})`,
  );

/** A page of a chat's messages, oldest first; `before` pages back through long chats. */
export async function listMessages(
  db: Database,
  { userId, chatId, before, limit }: { userId: number; chatId: number; before?: number; limit: number },
): Promise<{ messages: MessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(message)
    .where(and(inOwnChat(userId, chatId), before ? lt(message.id, before) : undefined))
    .orderBy(desc(message.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** The newest messages of a chat, oldest first: what a context is built from. */
export async function recentMessages(
  db: Database,
  { userId, chatId, limit }: { userId: number; chatId: number; limit: number },
): Promise<MessageRow[]> {
  return (await listMessages(db, { userId, chatId, limit })).messages;
}

/** One message of the user's own chat; null for another chat's, another user's or an unknown id. */
export async function chatMessage(
  db: Database,
  { userId, chatId, messageId }: { userId: number; chatId: number; messageId: number },
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(message)
    .where(and(eq(message.id, messageId), inOwnChat(userId, chatId)))
    .limit(1);
  return row ?? null;
}

/** Fills a model message once: a second call (a retry, a restarted stream) changes nothing. */
export async function finishModelMessage(
  db: Database,
  input: {
    userId: number;
    chatId: number;
    messageId: number;
    content: string;
    metadata: Record<string, unknown>;
  },
): Promise<boolean> {
  const rows = await db
    .update(message)
    .set({ content: input.content, metadata: input.metadata })
    .where(
      and(
        eq(message.id, input.messageId),
        inOwnChat(input.userId, input.chatId),
        sql`coalesce((${message.metadata}->>'done')::boolean, false) = false`,
      ),
    )
    .returning({ id: message.id });
  if (rows.length > 0) {
    await db.update(chat).set({ updatedAt: new Date() }).where(eq(chat.id, input.chatId));
  }
  return rows.length > 0;
}

/**
 * Deletes a chat's messages from `fromId` on (up to, not including, `beforeId` when given): edit and
 * regenerate drop the tail they replace once its replacement has started.
 */
export async function deleteMessagesFrom(
  db: Database,
  { userId, chatId, fromId, beforeId }: { userId: number; chatId: number; fromId: number; beforeId?: number },
): Promise<number> {
  const rows = await db
    .delete(message)
    .where(
      and(
        inOwnChat(userId, chatId),
        gte(message.id, fromId),
        beforeId === undefined ? undefined : lt(message.id, beforeId),
      ),
    )
    .returning({ id: message.id });
  return rows.length;
}

export async function updateMessageContent(
  db: Database,
  {
    userId,
    chatId,
    messageId,
    content,
  }: { userId: number; chatId: number; messageId: number; content: string },
): Promise<boolean> {
  const rows = await db
    .update(message)
    .set({ content })
    .where(and(eq(message.id, messageId), inOwnChat(userId, chatId)))
    .returning({ id: message.id });
  return rows.length > 0;
}
