// Recording an exchange: the user's message and the empty answer the stream will fill, and the chat marked active.
import { and, eq, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import { DOCUMENTS_TOTAL_LIMIT, documentsTotal } from "../domain/files";
import { AppError, notFound } from "../errors";
import { type AttachmentRow, conversationFiles, linkToMessage } from "./attachments";
import type { Database } from "./client";
import type { MessageRow } from "./messages";

export interface RecordedExchange {
  userMessage: MessageRow | null;
  modelMessage: MessageRow;
  attachments: AttachmentRow[];
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
    /** The chat's assistant as the caller read it: its files count towards the documents total. */
    assistantId: number | null;
  },
): Promise<RecordedExchange> {
  const ids = [...new Set(input.attachmentIds ?? [])];
  // No file added and no assistant's files: the documents total cannot change, so nothing needs checking
  // between the writes and they can be one statement.
  if (ids.length === 0 && input.assistantId === null) return recordPlainExchange(db, input);
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

/**
 * The common send as one statement, one round trip: the chat's update and both messages, the question's
 * id before the answer's (the rows are inserted in that order). A chat that is not the user's inserts nothing.
 */
async function recordPlainExchange(
  db: Database,
  input: { userId: number; chatId: number; content: string | null; model: string },
): Promise<RecordedExchange> {
  const result = await db.execute<{
    id: number | string;
    chat: number | string;
    content: string;
    metadata: Record<string, unknown>;
    model: string | null;
    createdAt: Date | string;
    search: string | null;
    user: number | string | null;
  }>(sql`
    with owned as (
      update ${chat} set "updatedAt" = now(), model = ${input.model}
      where ${chat.id} = ${input.chatId} and ${chat.user} = ${input.userId}
      returning ${chat.id} as id
    )
    insert into ${message} (chat, content, metadata, model)
    select owned.id, v.content, v.metadata, v.model
    from owned cross join (values
      (1, ${input.content ?? ""}, ${JSON.stringify({ role: "user" })}::jsonb, null::varchar),
      (2, '', ${JSON.stringify({ role: "assistant", done: false })}::jsonb, ${input.model}::varchar)
    ) as v(n, content, metadata, model)
    where v.n = 2 or ${input.content !== null}
    order by v.n
    returning id, chat, content, metadata, model, "createdAt", search, "user"`);
  const rows: MessageRow[] = result.rows
    .map((r) => ({
      id: Number(r.id),
      chat: Number(r.chat),
      content: r.content,
      metadata: r.metadata,
      model: r.model,
      createdAt: new Date(r.createdAt),
      search: r.search,
      user: r.user === null ? null : Number(r.user),
    }))
    .sort((a, b) => a.id - b.id);
  const modelMessage = rows.at(-1);
  if (!modelMessage) throw new Error("recordExchange: chat not owned");
  return { userMessage: input.content === null ? null : (rows[0] ?? null), modelMessage, attachments: [] };
}
