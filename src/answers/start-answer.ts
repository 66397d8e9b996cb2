// Starting an answer is one unit of work: reads, quota, chat, messages, the chat's stream — one rollback.

import { chatStreamOf } from "../chat/stub";
import type { AttachmentRow } from "../db/attachments";
import { type ChatRow, createChat, deleteChat } from "../db/chats";
import { type Database, FOREIGN_KEY_VIOLATION, isPostgresError } from "../db/client";
import { unreadDocuments } from "../db/document-files";
import { type RecordedExchange, recordExchange, reserveAndRecord } from "../db/exchange";
import { deleteMessagesFrom, type MessageRow } from "../db/messages";
import { reserveUsage } from "../db/quota";
import { isDocument } from "../domain/files";
import type { ModelEntry } from "../domain/models";
import type { Env } from "../env";
import { AppError, notFound } from "../errors";
import { buildContext } from "./context";
import { type Reservation, releaseQuota, reservationOf, usageRequestOf } from "./quota";
import { readForSend, type SendReads } from "./send-reads";

/** Where the answer goes: a chat made for it, or an existing chat of the user's, possibly replacing its tail. */
export type AnswerTarget =
  | { newChat: { assistantId: number | null } }
  | {
      chatId: number;
      /** Edit and regenerate: the messages from this id on give way once the new answer has started. */
      replacingFromId?: number;
    };

export interface StartedAnswer {
  chat: ChatRow;
  userMessage: MessageRow | null;
  modelMessage: MessageRow;
  /** The files sent with the user message. */
  attachments: AttachmentRow[];
  generationId: string;
}

const busy = () =>
  new AppError(
    409,
    "generation_in_progress",
    "An answer is still being written in this chat. Stop it or wait.",
  );

/**
 * Reads what the answer needs, reserves the quota and records the exchange, then hands the answer to the
 * chat's ChatStream object. Database round trips before the provider is called, for a text send: the
 * session, the reads (one statement; none for a new chat outside an assistant), and the quota with the
 * exchange (one statement). Any failure after the reservation undoes everything this call made — the chat
 * it created, the messages it recorded, the request it counted — and what an edit or regenerate replaces is
 * only deleted once the new answer runs, so a refused or failed send loses nothing.
 */
export async function startAnswer(
  db: Database,
  env: Env,
  input: {
    userId: number;
    /** The model, or how to pick it once the chat (and so its current model) is known. */
    model: ModelEntry | ((chatModel: string) => ModelEntry);
    content: string | null;
    target: AnswerTarget;
    /** The user's own unsent uploads, linked to the user message in its transaction. */
    attachmentIds?: readonly string[];
  },
): Promise<StartedAnswer> {
  const { userId, target } = input;
  const ids = input.attachmentIds ?? [];
  const reads = await readForSend(db, {
    userId,
    target: "chatId" in target ? { chatId: target.chatId } : { assistantId: target.newChat.assistantId },
    attachmentIds: ids,
  });
  const model = typeof input.model === "function" ? input.model(reads.chat?.model ?? "") : input.model;
  // Documents in the conversation make it a long request (SPEC §9).
  const hasDocuments = reads.inPlay.some(isDocument);
  // Quota first: a request over the limit leaves no trace, not even an empty chat.
  const { reservation, chat, created, recorded } = await reserveAndRecordSend(db, {
    userId,
    model,
    hasDocuments,
    reads,
    content: input.content,
    attachmentIds: ids,
  });
  try {
    const { userMessage, modelMessage, attachments } = recorded;
    const replacingFromId = "replacingFromId" in target ? target.replacingFromId : undefined;
    const { system, messages } = buildContext(reads, {
      model,
      replacingFromId,
      question: userMessage,
      questionAttachments: attachments,
    });
    const documents = hasDocuments
      ? {
          question: questionOf(messages),
          chatId: chat.id,
          assistantId: chat.assistantId,
          unread: (await unreadDocuments(db, { userId, chatId: chat.id, assistantId: chat.assistantId })).map(
            (row) => ({
              attachmentId: row.id,
              name: row.name ?? "document",
              location: row.content?.location ?? "",
              messageId: row.messageId,
              assistantId: row.assistantId,
            }),
          ),
        }
      : undefined;
    const generationId = crypto.randomUUID();
    // The object refuses when an answer is already running (another device, another tab): rare enough that
    // asking it first would cost every send a round trip; the exchange just recorded is undone then.
    const started = await chatStreamOf(env, chat.id).start({
      generationId,
      chatId: chat.id,
      userId,
      messageId: modelMessage.id,
      model: model.key,
      system,
      messages,
      titleFrom: created ? (input.content ?? undefined) : undefined,
      documents,
    });
    if (!started.ok) throw busy();
    if (replacingFromId !== undefined) {
      const beforeId = userMessage?.id ?? modelMessage.id;
      await deleteMessagesFrom(db, { userId, chatId: chat.id, fromId: replacingFromId, beforeId }).catch(
        (err: unknown) => console.error("removing the replaced messages failed", err),
      );
    }
    return { chat, userMessage, modelMessage, attachments, generationId };
  } catch (err) {
    await undo(db, { userId, created, recorded, reservation }).catch((undoErr: unknown) =>
      console.error("undoing a failed send failed", undoErr),
    );
    throw err;
  }
}

/**
 * Reserves the quota and records the exchange: one statement for a text send; a send with files takes the
 * quota, then links them in the exchange's transaction (undoing the reservation if that fails).
 */
async function reserveAndRecordSend(
  db: Database,
  input: {
    userId: number;
    model: ModelEntry;
    hasDocuments: boolean;
    reads: SendReads;
    content: string | null;
    attachmentIds: readonly string[];
  },
): Promise<{ reservation: Reservation; chat: ChatRow; created: ChatRow | null; recorded: RecordedExchange }> {
  const { userId, model, reads } = input;
  const usage = usageRequestOf({ userId, model, hasDocuments: input.hasDocuments });
  if (input.attachmentIds.length === 0) {
    const target = reads.chat ? { chatId: reads.chat.id } : { assistantId: reads.assistantId };
    const made = await reserveAndRecord(db, {
      usage,
      userId,
      target,
      content: input.content,
      model: model.key,
    }).catch((err: unknown) => {
      // The assistant was deleted since it was read: its chat cannot be made (nothing was recorded).
      if (!reads.chat && isPostgresError(err, FOREIGN_KEY_VIOLATION)) throw notFound("No such assistant.");
      throw err;
    });
    const reservation = reservationOf(usage, made.decision);
    if (!made.chat || !made.recorded) {
      // The chat went away between the read and the write.
      await releaseQuota(db, reservation);
      throw notFound("No such chat.");
    }
    return { reservation, chat: made.chat, created: reads.chat ? null : made.chat, recorded: made.recorded };
  }
  const reservation = reservationOf(usage, await reserveUsage(db, usage));
  let created: ChatRow | null = null;
  try {
    if (!reads.chat)
      created = await createChat(db, { userId, assistantId: reads.assistantId, model: model.key });
    const chat = reads.chat ?? created;
    if (!chat) throw new Error("no chat to record the exchange in");
    const recorded = await recordExchange(db, {
      userId,
      chatId: chat.id,
      content: input.content,
      model: model.key,
      attachmentIds: input.attachmentIds,
      assistantId: chat.assistantId,
    });
    return { reservation, chat, created, recorded };
  } catch (err) {
    await undo(db, { userId, created, recorded: null, reservation }).catch((undoErr: unknown) =>
      console.error("undoing a failed send failed", undoErr),
    );
    throw err;
  }
}

/** The question passages are chosen for: the last user message (a regenerate has no new one). */
const questionOf = (messages: readonly { role: string; content: string }[]): string =>
  messages.findLast((m) => m.role === "user")?.content ?? "";

async function undo(
  db: Database,
  made: {
    userId: number;
    created: ChatRow | null;
    recorded: { userMessage: MessageRow | null; modelMessage: MessageRow } | null;
    reservation: Reservation;
  },
): Promise<void> {
  const { userId, created, recorded } = made;
  // A chat made for this answer goes whole (its messages with it); otherwise only what this call added.
  if (created) await deleteChat(db, { userId, chatId: created.id });
  else if (recorded) {
    const fromId = recorded.userMessage?.id ?? recorded.modelMessage.id;
    await deleteMessagesFrom(db, { userId, chatId: recorded.modelMessage.chat, fromId });
  }
  await releaseQuota(db, made.reservation);
}
