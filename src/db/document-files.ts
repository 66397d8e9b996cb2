// The documents of a conversation as the pipeline sees them: which are unread (start-answer finds which exist).
import { and, eq, or, sql } from "drizzle-orm";
import { attachment, embedding, message } from "../../drizzle/schema";
import { isDocument } from "../domain/files";
import type { AttachmentRow } from "./attachments";
import type { Queryable } from "./client";
import { type MessageSpan, outsideSpan } from "./messages";

interface Scope {
  userId: number;
  chatId: number | null;
  assistantId: number | null;
  /** Messages being replaced (an edit): their documents are not the conversation's any more. */
  replaced?: MessageSpan;
}

const inChat = (chatId: number | null, replaced?: MessageSpan) =>
  chatId === null
    ? sql`false`
    : sql`${attachment.messageId} in (select ${message.id} from ${message} where ${message.chat} = ${chatId}${
        replaced ? sql` and ${outsideSpan(message.id, replaced)}` : sql``
      })`;

const ofAssistant = (assistantId: number | null) =>
  assistantId === null ? sql`false` : eq(attachment.assistantId, assistantId);

/** The conversation's documents whose passages are not stored yet (new, or a read that failed before). */
export async function unreadDocuments(db: Queryable, scope: Scope): Promise<AttachmentRow[]> {
  const rows = await db
    .select()
    .from(attachment)
    .where(
      and(
        eq(attachment.userId, scope.userId),
        or(inChat(scope.chatId, scope.replaced), ofAssistant(scope.assistantId)),
        sql`not exists (select 1 from ${embedding} where ${embedding.attachmentId} = ${attachment.id})`,
      ),
    )
    .orderBy(attachment.createdAt, attachment.id);
  return rows.filter(isDocument);
}
