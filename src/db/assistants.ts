// Assistant queries, always within one user's own assistants.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { type AssistantRow, assistant, attachment, chat } from "../../drizzle/schema";
import type { ModelsConfiguration } from "../domain/models";
import type { AttachmentRow } from "./attachments";

export type { AssistantRow };

import { type Database, firstRow, isPostgresError, type Statements, UNIQUE_VIOLATION } from "./client";
import { attachmentFromJson } from "./json-rows";
import { type Sender, senderColumn, senderCte, senderId, settleSender } from "./session-check";

/**
 * The user's assistants (oldest first) and the files of all of them, in one statement that checks a deferred
 * session too: the app's first read of its assistants opens no connection. `settleSender` refuses first.
 */
export async function assistantsWithFiles(
  db: Statements,
  { sender }: { sender: Sender },
): Promise<{ assistants: AssistantRow[]; files: AttachmentRow[] }> {
  const row = await firstRow<{
    assistants: Record<string, unknown>[] | null;
    files: Record<string, unknown>[] | null;
    session?: Record<string, unknown> | null;
  }>(
    db,
    sql`with ${senderCte(sender)} me as (select ${senderId(sender)} as id)
      select
        (select jsonb_agg(to_jsonb(a) order by a.id) from ${assistant} a where a."userId" = (select id from me))
          as assistants,
        (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from ${attachment} f
          where f."userId" = (select id from me) and f."assistantId" is not null) as files
        ${senderColumn(sender)}`,
  );
  settleSender(sender, row);
  return {
    // No timestamps: to_jsonb gives the row as drizzle's select does.
    assistants: (row?.assistants ?? []) as unknown as AssistantRow[],
    files: (row?.files ?? []).map(attachmentFromJson),
  };
}

/** The files of all the user's assistants (SPEC §3: context for every chat of their assistant). */
export async function assistantFiles(
  db: Database,
  { userId, assistantId }: { userId: number; assistantId?: number },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachment)
    .where(
      and(
        eq(attachment.userId, userId),
        assistantId === undefined
          ? isNotNull(attachment.assistantId)
          : eq(attachment.assistantId, assistantId),
      ),
    )
    .orderBy(asc(attachment.createdAt), asc(attachment.id));
}

export async function getAssistant(
  db: Database,
  { userId, assistantId }: { userId: number; assistantId: number },
) {
  const rows = await db
    .select()
    .from(assistant)
    .where(and(eq(assistant.id, assistantId), eq(assistant.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The fields a user sets; the label is already trimmed and checked by the route. */
export interface AssistantFields {
  label: string;
  preprompt: string;
  image: string | null;
  prop: string | null;
  modelsConfiguration: ModelsConfiguration | null;
}

export type SaveAssistantResult =
  | { kind: "saved"; row: AssistantRow }
  | { kind: "notFound" }
  | { kind: "labelTaken" };

/**
 * Creates (no id) or replaces one of the user's assistants. The unique index on (user, label) is the check:
 * two saves racing for one label both reach it, and the second is refused, not silently merged.
 */
export async function saveAssistant(
  db: Database,
  { userId, id, fields }: { userId: number; id: number | null; fields: AssistantFields },
): Promise<SaveAssistantResult> {
  try {
    if (id === null) {
      const [row] = await db
        .insert(assistant)
        .values({ userId, ...fields })
        .returning();
      if (!row) throw new Error("saveAssistant: insert returned nothing");
      return { kind: "saved", row };
    }
    const [row] = await db
      .update(assistant)
      .set(fields)
      .where(and(eq(assistant.id, id), eq(assistant.userId, userId)))
      .returning();
    return row ? { kind: "saved", row } : { kind: "notFound" };
  } catch (err) {
    if (isPostgresError(err, UNIQUE_VIOLATION)) return { kind: "labelTaken" };
    throw err;
  }
}

/**
 * Deletes one of the user's assistants, its chats moving to the default assistant first — one transaction.
 * The row lock comes first: a chat being moved or created under this assistant at the same moment either
 * finished before (its chat is moved here) or waits and then fails its foreign key (never cascaded away).
 * Its files' rows go with it (cascade); they are returned so the caller can delete their bytes.
 * Returns null for an assistant that is not the user's.
 */
export async function deleteAssistant(
  db: Database,
  { userId, assistantId }: { userId: number; assistantId: number },
): Promise<{ movedChats: number; files: AttachmentRow[] } | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: assistant.id })
      .from(assistant)
      .where(and(eq(assistant.id, assistantId), eq(assistant.userId, userId)))
      .for("update");
    if (!locked) return null;
    const moved = await tx
      .update(chat)
      .set({ assistantId: null })
      .where(and(eq(chat.assistantId, assistantId), eq(chat.user, userId)))
      .returning({ id: chat.id });
    const files = await tx
      .select()
      .from(attachment)
      .where(and(eq(attachment.assistantId, assistantId), eq(attachment.userId, userId)));
    await tx.delete(assistant).where(and(eq(assistant.id, assistantId), eq(assistant.userId, userId)));
    return { movedChats: moved.length, files };
  });
}
