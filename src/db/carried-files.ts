// Files an edited question takes along to its new version, and files a send that is undone gives back.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { attachment, embedding } from "../../drizzle/schema";
import { type AttachmentRow, isAttachmentId } from "./attachments";
import type { Database, Queryable } from "./client";

/** The files sent with one of the user's messages, oldest first. */
export async function attachmentsOfMessage(
  db: Queryable,
  { userId, messageId }: { userId: number; messageId: number },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachment)
    .where(and(eq(attachment.userId, userId), eq(attachment.messageId, messageId)))
    .orderBy(attachment.createdAt, attachment.id);
}

/**
 * Moves files of one message of the user's to another, with their documents' passages: both are removed with
 * their message, and the old question goes once the edit's answer runs. Returns the rows moved; fewer than
 * asked means an id was not on `fromMessageId`.
 */
export async function carryFiles(
  tx: Queryable,
  input: { userId: number; ids: readonly string[]; fromMessageId: number; toMessageId: number },
): Promise<AttachmentRow[]> {
  const ids = input.ids.filter(isAttachmentId);
  if (ids.length === 0) return [];
  const moved = await tx
    .update(attachment)
    .set({ messageId: input.toMessageId })
    .where(
      and(
        inArray(attachment.id, ids),
        eq(attachment.userId, input.userId),
        eq(attachment.messageId, input.fromMessageId),
      ),
    )
    .returning();
  if (moved.length > 0) {
    await tx
      .update(embedding)
      .set({ messageId: input.toMessageId })
      .where(
        and(
          inArray(
            embedding.attachmentId,
            moved.map((row) => row.id),
          ),
          eq(embedding.userId, input.userId),
        ),
      );
  }
  return moved;
}

/**
 * Before a question that will not be answered is deleted: files it carried from an edited question go back
 * there, and uploads sent with it are unsent uploads again, so that nothing the user sent is lost with it.
 */
export async function giveFilesBack(
  db: Database,
  input: { userId: number; messageId: number; carried?: { fromMessageId: number; ids: readonly string[] } },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.carried?.ids.length) {
      await carryFiles(tx, {
        userId: input.userId,
        ids: input.carried.ids,
        fromMessageId: input.messageId,
        toMessageId: input.carried.fromMessageId,
      });
    }
    await tx
      .update(attachment)
      .set({ messageId: null })
      .where(
        and(
          eq(attachment.userId, input.userId),
          eq(attachment.messageId, input.messageId),
          isNull(attachment.assistantId),
        ),
      );
  });
}
