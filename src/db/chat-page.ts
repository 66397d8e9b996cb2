// A page of a chat as the chat screen opens it: the chat, its messages and their files, in one statement.
import { sql } from "drizzle-orm";
import { attachment, message } from "../../drizzle/schema";
import type { AttachmentRow } from "./attachments";
import type { ChatRow } from "./chats";
import type { Database } from "./client";
import { attachmentFromJson, chatFromJson, messageFromJson } from "./json-rows";
import type { MessageRow } from "./messages";
import { ownChat } from "./send-context";

export interface ChatPage {
  chat: ChatRow;
  /** Oldest first; `before` pages back through long chats. */
  messages: MessageRow[];
  hasMore: boolean;
  /** The files of the page's user messages, oldest first. */
  files: AttachmentRow[];
}

/**
 * One round trip where the chat, the page and its files were three after the session: opening a chat is the
 * screen's first read. Null when the chat is not the user's (every part is filtered by the user in SQL).
 */
export async function readChatPage(
  db: Database,
  { userId, chatId, before, limit }: { userId: number; chatId: number; before?: number; limit: number },
): Promise<ChatPage | null> {
  const result = await db.execute<{
    chat: Record<string, unknown> | null;
    messages: Record<string, unknown>[] | null;
    files: Record<string, unknown>[] | null;
  }>(sql`
    with c as (${ownChat({ userId, chatId })}),
    page as (
      select ${message}.* from ${message} join c on ${message.chat} = c.id
      where ${before === undefined ? sql`true` : sql`${message.id} < ${before}`}
      order by ${message.id} desc limit ${limit + 1})
    select (select to_jsonb(c) from c) as chat,
      (select jsonb_agg(to_jsonb(p) - 'search' order by p.id desc) from page p) as messages,
      (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from ${attachment} f
        where f."userId" = ${userId}
          and f."messageId" in (select id from page where page.metadata ->> 'role' = 'user')) as files`);
  const row = result.rows[0];
  if (!row?.chat) return null;
  const newestFirst = (row.messages ?? []).map(messageFromJson);
  return {
    chat: chatFromJson(row.chat),
    messages: newestFirst.slice(0, limit).reverse(),
    hasMore: newestFirst.length > limit,
    files: (row.files ?? []).map(attachmentFromJson),
  };
}
