// A page of a chat as the chat screen opens it: the chat, its messages and their files, in one statement.
import { sql } from "drizzle-orm";
import { attachment, message } from "../../drizzle/schema";
import type { AttachmentRow } from "./attachments";
import type { ChatRow } from "./chats";
import { firstRow, type Statements } from "./client";
import { attachmentFromJson, chatFromJson, messageFromJson } from "./json-rows";
import type { MessageRow } from "./messages";
import { ownChat } from "./send-context";
import { type Sender, senderColumn, senderCte, senderId, settleSender } from "./session-check";

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
 * screen's first read. With a deferred session (`sender`) it checks that too, so the chat opens over the HTTP
 * endpoint with no connection to make first. Null when the chat is not the user's (every part is filtered by
 * the user in SQL); a refused session throws in `settleSender` before anything is used.
 */
export async function readChatPage(
  db: Statements,
  { sender, chatId, before, limit }: { sender: Sender; chatId: number; before?: number; limit: number },
): Promise<ChatPage | null> {
  const userId = senderId(sender);
  const row = await firstRow<{
    chat: Record<string, unknown> | null;
    messages: Record<string, unknown>[] | null;
    files: Record<string, unknown>[] | null;
    session?: Record<string, unknown> | null;
  }>(
    db,
    sql`
    with ${senderCte(sender)} c as (${ownChat({ userId, chatId })}),
    page as (
      select ${message}.* from ${message} join c on ${message.chat} = c.id
      where ${before === undefined ? sql`true` : sql`${message.id} < ${before}`}
      order by ${message.id} desc limit ${limit + 1})
    select (select to_jsonb(c) from c) as chat,
      (select jsonb_agg(to_jsonb(p) - 'search' order by p.id desc) from page p) as messages,
      (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from ${attachment} f
        where f."userId" = ${userId}
          and f."messageId" in (select id from page where page.metadata ->> 'role' = 'user')) as files
      ${senderColumn(sender)}`,
  );
  settleSender(sender, row);
  if (!row?.chat) return null;
  const newestFirst = (row.messages ?? []).map(messageFromJson);
  return {
    chat: chatFromJson(row.chat),
    messages: newestFirst.slice(0, limit).reverse(),
    hasMore: newestFirst.length > limit,
    files: (row.files ?? []).map(attachmentFromJson),
  };
}
