// Attachment queries, always within one user's own uploads; linking to a message happens in its transaction.
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type AttachmentContent, assistant, attachment, message } from "../../drizzle/schema";
import type { Database, Queryable } from "./client";
import { type MessageSpan, outsideSpan } from "./messages";

export type AttachmentRow = typeof attachment.$inferSelect;

const own = (userId: number, id: string) => and(eq(attachment.id, id), eq(attachment.userId, userId));

/** Any string can arrive as an id: only a uuid can name a row (Postgres would refuse the cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isAttachmentId = (id: string) => UUID.test(id);

export async function insertAttachment(
  db: Database,
  input: {
    id: string;
    userId: number;
    assistantId: number | null;
    name: string;
    type: string;
    size: number;
    fileHash: string;
    content: AttachmentContent;
  },
): Promise<AttachmentRow> {
  // The assistant, when named, must be the user's: the insert finds nothing to copy otherwise.
  if (input.assistantId !== null) {
    const rows = await db.execute(sql`
      insert into ${attachment} ("id", "userId", "assistantId", "name", "type", "size", "fileHash", "content")
      select ${input.id}, ${input.userId}, ${assistant.id}, ${input.name}, ${input.type}, ${input.size},
             ${input.fileHash}, ${JSON.stringify(input.content)}::jsonb
      from ${assistant} where ${assistant.id} = ${input.assistantId} and ${assistant.userId} = ${input.userId}
      returning "id"`);
    if (rows.rows.length === 0) throw new AssistantNotOwned();
    const row = await getAttachment(db, { userId: input.userId, id: input.id });
    if (!row) throw new Error("insertAttachment: inserted row vanished");
    return row;
  }
  const [row] = await db.insert(attachment).values(input).returning();
  if (!row) throw new Error("insertAttachment: insert returned nothing");
  return row;
}

export class AssistantNotOwned extends Error {}

export async function getAttachment(
  db: Database,
  { userId, id }: { userId: number; id: string },
): Promise<AttachmentRow | null> {
  if (!isAttachmentId(id)) return null;
  const rows = await db.select().from(attachment).where(own(userId, id)).limit(1);
  return rows[0] ?? null;
}

/** Deletes one of the user's attachments; returns the row so its bytes can go too. */
export async function deleteAttachment(
  db: Database,
  { userId, id }: { userId: number; id: string },
): Promise<AttachmentRow | null> {
  if (!isAttachmentId(id)) return null;
  const rows = await db.delete(attachment).where(own(userId, id)).returning();
  return rows[0] ?? null;
}

/** SPEC §4: a size-0 row gets its measured size (a row already measured keeps its own). */
export async function backfillSize(
  db: Database,
  { userId, id, size }: { userId: number; id: string; size: number },
): Promise<number | null> {
  if (!isAttachmentId(id)) return null;
  const rows = await db
    .update(attachment)
    .set({ size: sql`case when ${attachment.size} = 0 then ${size} else ${attachment.size} end` })
    .where(own(userId, id))
    .returning({ size: attachment.size });
  return rows[0]?.size ?? null;
}

/**
 * Links the user's unsent uploads to their message, inside the caller's transaction. Returns the rows
 * linked; fewer than asked means an id was unknown, foreign or already sent.
 */
export async function linkToMessage(
  tx: Queryable,
  { userId, messageId, ids }: { userId: number; messageId: number; ids: readonly string[] },
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  if (!ids.every(isAttachmentId)) return [];
  return tx
    .update(attachment)
    .set({ messageId })
    .where(
      and(
        inArray(attachment.id, [...ids]),
        eq(attachment.userId, userId),
        isNull(attachment.messageId),
        isNull(attachment.assistantId),
      ),
    )
    .returning();
}

/** An assistant's files (context for every chat of it). */
export async function attachmentsOfAssistant(
  db: Queryable,
  { userId, assistantId }: { userId: number; assistantId: number },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachment)
    .where(and(eq(attachment.assistantId, assistantId), eq(attachment.userId, userId)))
    .orderBy(attachment.createdAt, attachment.id);
}

/**
 * The sizes and types of every file already in a chat's conversation: its messages' attachments and its
 * assistant's (SPEC §5's documents total counts both).
 */
export async function conversationFiles(
  db: Queryable,
  {
    userId,
    chatId,
    assistantId,
    replaced,
  }: {
    userId: number;
    chatId: number | null;
    assistantId: number | null;
    /** An edit: the messages in the span are being replaced, and their files leave with them. */
    replaced?: MessageSpan;
  },
): Promise<Pick<AttachmentRow, "name" | "type" | "size">[]> {
  const kept = replaced ? sql` and ${outsideSpan(message.id, replaced)}` : sql``;
  const inChat =
    chatId === null
      ? sql`false`
      : sql`${attachment.messageId} in (select ${message.id} from ${message} where ${message.chat} = ${chatId}${kept})`;
  const ofAssistant = assistantId === null ? sql`false` : eq(attachment.assistantId, assistantId);
  return db
    .select({ name: attachment.name, type: attachment.type, size: attachment.size })
    .from(attachment)
    .where(and(eq(attachment.userId, userId), sql`(${inChat} or ${ofAssistant})`));
}

/**
 * In one statement, before a send: the user's unsent uploads among `ids`, and every file already in the
 * conversation (the chat's messages, the assistant's). The send's quota category and its early refusals
 * come from it; the transaction that records the message checks again.
 */
export async function filesInPlay(
  db: Queryable,
  input: { userId: number; ids: readonly string[]; chatId: number | null; assistantId: number | null },
): Promise<{ unsent: AttachmentRow[]; conversation: AttachmentRow[] }> {
  const ids = input.ids.filter(isAttachmentId);
  const asked =
    ids.length === 0
      ? sql`false`
      : and(inArray(attachment.id, ids), isNull(attachment.messageId), isNull(attachment.assistantId));
  const inChat =
    input.chatId === null
      ? sql`false`
      : sql`${attachment.messageId} in (select ${message.id} from ${message} where ${message.chat} = ${input.chatId})`;
  const ofAssistant = input.assistantId === null ? sql`false` : eq(attachment.assistantId, input.assistantId);
  const rows = await db
    .select()
    .from(attachment)
    .where(and(eq(attachment.userId, input.userId), sql`(${asked} or ${inChat} or ${ofAssistant})`));
  const unsent = rows.filter((r) => ids.includes(r.id) && r.messageId === null && r.assistantId === null);
  return { unsent, conversation: rows.filter((r) => !unsent.includes(r)) };
}

/** Uploads sent nowhere and older than `before`, a batch at a time: the daily sweep deletes them. */
export async function orphansBefore(
  db: Database,
  { before, limit }: { before: Date; limit: number },
): Promise<Pick<AttachmentRow, "id" | "content">[]> {
  return db
    .select({ id: attachment.id, content: attachment.content })
    .from(attachment)
    .where(
      and(isNull(attachment.messageId), isNull(attachment.assistantId), lt(attachment.createdAt, before)),
    )
    .limit(limit);
}

/** Which of these ids still have a row (whoever's): the sweep keeps their R2 objects. */
export async function existingIds(db: Database, { ids }: { ids: readonly string[] }): Promise<Set<string>> {
  const valid = ids.filter(isAttachmentId);
  if (valid.length === 0) return new Set();
  const rows = await db.select({ id: attachment.id }).from(attachment).where(inArray(attachment.id, valid));
  return new Set(rows.map((r) => r.id));
}

/** Deletes the given orphans, unless one was sent in the meantime (then it is no longer an orphan). */
export async function deleteOrphans(db: Database, { ids }: { ids: readonly string[] }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(attachment)
    .where(
      and(inArray(attachment.id, [...ids]), isNull(attachment.messageId), isNull(attachment.assistantId)),
    )
    .returning({ id: attachment.id });
  return rows.map((r) => r.id);
}
