// Message queries: reading a chat, recording an exchange, and filling a model message exactly once.
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import { DOCUMENTS_TOTAL_LIMIT, documentsTotal } from "../domain/files";
import { AppError, notFound } from "../errors";
import { type AttachmentRow, conversationFiles, linkToMessage } from "./attachments";
import type { Database } from "./client";

export type MessageRow = typeof message.$inferSelect;

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

/** The newest messages of a chat (older than `before`, when given), oldest first: what a context is built from. */
export async function recentMessages(
  db: Database,
  { userId, chatId, limit, before }: { userId: number; chatId: number; limit: number; before?: number },
): Promise<MessageRow[]> {
  return (await listMessages(db, { userId, chatId, limit, before })).messages;
}

/**
 * Records the user's message (none when regenerating) with the files sent with it and an empty model
 * message, and marks the chat active, in one transaction: a file that is not the user's own unsent upload
 * (404), or documents over the conversation's total (SPEC §5), and nothing is recorded.
 */
export async function recordExchange(
  db: Database,
  input: {
    userId: number;
    chatId: number;
    content: string | null;
    model: string;
    attachmentIds?: readonly string[];
  },
): Promise<{ userMessage: MessageRow | null; modelMessage: MessageRow; attachments: AttachmentRow[] }> {
  const ids = [...new Set(input.attachmentIds ?? [])];
  return db.transaction(async (tx) => {
    const owned = await tx
      .update(chat)
      .set({ updatedAt: new Date(), model: input.model })
      .where(and(eq(chat.id, input.chatId), eq(chat.user, input.userId)))
      .returning({ id: chat.id, assistantId: chat.assistantId });
    const ownChat = owned[0];
    if (!ownChat) throw new Error("recordExchange: chat not owned");
    let userMessage: MessageRow | null = null;
    let attachments: AttachmentRow[] = [];
    if (input.content !== null) {
      const [inserted] = await tx
        .insert(message)
        .values({ chat: input.chatId, content: input.content, metadata: { role: "user" }, model: null })
        .returning();
      userMessage = inserted ?? null;
      if (userMessage && ids.length > 0) {
        attachments = await linkToMessage(tx, { userId: input.userId, messageId: userMessage.id, ids });
        if (attachments.length !== ids.length) throw notFound("No such attachment.");
      }
    }
    // The conversation's documents, these included, must fit (SPEC §5); only a send that adds files or
    // talks to an assistant (whose files count too) can change the total.
    if (attachments.length > 0 || ownChat.assistantId !== null) {
      const files = await conversationFiles(tx, {
        userId: input.userId,
        chatId: input.chatId,
        assistantId: ownChat.assistantId,
      });
      if (documentsTotal(files) > DOCUMENTS_TOTAL_LIMIT) {
        throw new AppError(
          413,
          "documents_too_large",
          `The documents of this conversation would exceed ${DOCUMENTS_TOTAL_LIMIT} bytes.`,
        );
      }
    }
    const [modelMessage] = await tx
      .insert(message)
      .values({
        chat: input.chatId,
        content: "",
        metadata: { role: "assistant", done: false },
        model: input.model,
      })
      .returning();
    if (!modelMessage) throw new Error("recordExchange: insert returned nothing");
    return { userMessage, modelMessage, attachments };
  });
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
