// What a send to an existing chat reads before its quota is reserved, in one statement: one round trip.
import { type SQL, sql } from "drizzle-orm";
import { assistant, attachment, chat, message } from "../../drizzle/schema";
import { type AttachmentRow, isAttachmentId } from "./attachments";
import type { ChatRow } from "./chats";
import type { Database } from "./client";
import { attachmentFromJson, chatFromJson, messageFromJson } from "./json-rows";
import type { MessageRow } from "./messages";

export interface SendContext {
  /** The chat as it was; null when the send makes it (a new chat in an assistant: `newAssistantChat`). */
  chat: ChatRow | null;
  assistantId: number | null;
  /** The chat's assistant, if any (its preprompt is the system message). */
  assistant: { preprompt: string } | null;
  /** The chat's newest messages, oldest first. */
  recent: MessageRow[];
  /** Among `attachmentIds`, the user's own uploads not sent yet. */
  unsent: AttachmentRow[];
  /** The files already in the conversation: its messages' (oldest first) and its assistant's. */
  conversation: AttachmentRow[];
}

/**
 * The chat (null when it is not the user's: the caller answers 404), its assistant's preprompt, its newest
 * `limit` messages and the files in play. Every part is filtered by the user in SQL. Separate queries on a
 * fresh request each cost a round trip, and run side by side each opens a connection of its own.
 */
export async function readSendContext(
  db: Database,
  input: { userId: number; chatId: number; attachmentIds: readonly string[]; limit: number },
): Promise<SendContext | null> {
  const result = await db.execute<ContextColumns>(sql`
    with c as (${ownChat(input)})
    select ${contextColumns(input)}`);
  const row = result.rows[0];
  return row ? sendContextOf(row, input.attachmentIds) : null;
}

/** The chat as the statement's `c`: the user's own, or no row. */
/** The user a statement acts for: an id, or SQL naming it (a session the statement checks: session-check.ts). */
export type UserRef = number | SQL;

export const ownChat = ({ userId, chatId }: { userId: UserRef; chatId: number }): SQL =>
  sql`select * from ${chat} where ${chat.id} = ${chatId} and ${chat.user} = ${userId}`;

/**
 * A chat about to be made in one of the user's assistants, as the statement's `c` (no row when the assistant
 * is not the user's): no id yet, so no messages and no files of its own — only the assistant's.
 */
export const newAssistantChat = ({ userId, assistantId }: { userId: UserRef; assistantId: number }): SQL =>
  sql`select null::bigint as id, a.id as "assistantId", a."userId" as "user" from ${assistant} a
    where a.id = ${assistantId} and a."userId" = ${userId}`;

/** What `contextColumns` selects. */
export type ContextColumns = {
  chat: Record<string, unknown> | null;
  preprompt: string | null;
  recent: Record<string, unknown>[] | null;
  files: Record<string, unknown>[] | null;
};

/**
 * The context's columns, read from a CTE `c` (`ownChat`). In a statement that also records the exchange they
 * see the chat as it was before it: every part of one statement reads the same snapshot.
 */
export function contextColumns(input: {
  userId: UserRef;
  attachmentIds: readonly string[];
  limit: number;
}): SQL {
  const { userId } = input;
  const ids = input.attachmentIds.filter(isAttachmentId);
  const asked =
    ids.length === 0
      ? sql`false`
      : sql`(f.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and f."messageId" is null and f."assistantId" is null)`;
  return sql`
      (select to_jsonb(c) from c) as chat,
      (select a.preprompt from ${assistant} a join c on a.id = c."assistantId" where a."userId" = ${userId})
        as preprompt,
      (select jsonb_agg(to_jsonb(m) - 'search' order by m.id) from (
        select ${message}.* from ${message} join c on ${message.chat} = c.id
        order by ${message.id} desc limit ${input.limit}) m) as recent,
      (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from ${attachment} f
        where f."userId" = ${userId} and (${asked}
          or f."messageId" in (select ${message.id} from ${message} join c on ${message.chat} = c.id)
          or f."assistantId" = (select c."assistantId" from c))) as files`;
}

/** The context out of its columns; null when the chat (or the assistant of a new one) is not the user's. */
export function sendContextOf(
  row: ContextColumns,
  attachmentIds: readonly string[],
  { newChat = false }: { newChat?: boolean } = {},
): SendContext | null {
  if (!row.chat) return null;
  const before = newChat ? null : chatFromJson(row.chat);
  const assistantId = before ? before.assistantId : Number(row.chat.assistantId);
  const files = (row.files ?? []).map(attachmentFromJson);
  const unsent = files.filter(
    (f) => attachmentIds.includes(f.id) && f.messageId === null && f.assistantId === null,
  );
  return {
    chat: before,
    assistantId,
    assistant: row.preprompt === null ? null : { preprompt: row.preprompt },
    recent: (row.recent ?? []).map(messageFromJson),
    unsent,
    conversation: files.filter((f) => !unsent.includes(f)),
  };
}
