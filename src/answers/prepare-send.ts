// Before an answer starts: what it reads, its quota, its chat and messages — in as few round trips as it can.
import { type ChatRow, createChat } from "../db/chats";
import { type Database, FOREIGN_KEY_VIOLATION, isPostgresError } from "../db/client";
import { type RecordedExchange, recordExchange, reserveAndRecord } from "../db/exchange";
import { reserveUsage } from "../db/quota";
import { recordTextSend } from "../db/text-send";
import { isDocument } from "../domain/files";
import type { ModelEntry } from "../domain/models";
import { notFound } from "../errors";
import { type Reservation, releaseQuota, reservationOf, reserveQuota, usageRequestOf } from "./quota";
import {
  CONTEXT_MESSAGES,
  checkFilesInPlay,
  readForSend,
  readsOfContext,
  type SendReads,
} from "./send-reads";
import { undoQuietly } from "./undo";

export interface PreparedSend {
  reads: SendReads;
  model: ModelEntry;
  /** Documents in the conversation make it a long request (SPEC §9) and bring their passages. */
  hasDocuments: boolean;
  reservation: Reservation;
  chat: ChatRow;
  /** The chat made for this send, if it made one. */
  created: ChatRow | null;
  recorded: RecordedExchange;
}

export interface SendInput {
  userId: number;
  /** The model, or how to pick it once the chat (and so its current model) is known. */
  model: ModelEntry | ((chatModel: string) => ModelEntry);
  content: string | null;
  target: { newChat: { assistantId: number | null } } | { chatId: number };
  /** The user's own unsent uploads, linked to the user message in its transaction. */
  attachmentIds?: readonly string[];
}

/**
 * Reads, reserves and records. Round trips: a text send is one statement — to an existing chat with its
 * model named, or opening a chat in an assistant (`recordTextSend`, which reads what the answer needs too),
 * or opening one in the default assistant, which needs nothing read (`reserveAndRecord`); a send with files
 * reads, reserves, then links them in a transaction. Whatever fails after the reservation is undone before
 * the error goes on.
 */
export async function prepareSend(db: Database, input: SendInput): Promise<PreparedSend> {
  const ids = input.attachmentIds ?? [];
  // The default assistant's new chats read nothing: reserveAndRecordSend is one statement for them.
  const { assistantId } = "newChat" in input.target ? input.target.newChat : { assistantId: undefined };
  const target = "chatId" in input.target ? input.target : assistantId != null ? { assistantId } : null;
  if (target && ids.length === 0 && typeof input.model !== "function") {
    const sent = await textSend(db, { ...input, target, model: input.model });
    if (sent) return sent;
  }
  const reads = await readForSend(db, {
    userId: input.userId,
    target: "chatId" in input.target ? { chatId: input.target.chatId } : input.target.newChat,
    attachmentIds: ids,
  });
  const model = typeof input.model === "function" ? input.model(reads.chat?.model ?? "") : input.model;
  const hasDocuments = reads.inPlay.some(isDocument);
  const made = await reserveAndRecordSend(db, { ...input, model, hasDocuments, reads, attachmentIds: ids });
  return { reads, model, hasDocuments, ...made };
}

/**
 * The one-statement send. The request is counted as a conversation without documents; one that turns out to
 * have them is counted again as the long request it is (the first count given back), and when that guess was
 * refused nothing was recorded, so the caller takes the general path (null).
 */
async function textSend(
  db: Database,
  input: {
    userId: number;
    target: { chatId: number } | { assistantId: number };
    model: ModelEntry;
    content: string | null;
  },
): Promise<PreparedSend | null> {
  const { userId, model } = input;
  const newChat = !("chatId" in input.target);
  const gone = () => notFound(newChat ? "No such assistant." : "No such chat.");
  const usage = usageRequestOf({ userId, model });
  const sent = await recordTextSend(db, {
    ...input,
    usage,
    model: model.key,
    limit: CONTEXT_MESSAGES,
  }).catch((err: unknown) => {
    // The assistant was deleted since the statement read it: its chat cannot be made (nothing was recorded).
    throw newChat && isPostgresError(err, FOREIGN_KEY_VIOLATION) ? gone() : err;
  });
  if (!sent) throw gone();
  const reads = readsOfContext(sent.context);
  const hasDocuments = reads.inPlay.some(isDocument);
  const guessedRight = usageRequestOf({ userId, model, hasDocuments }).category === usage.category;
  if (!sent.decision.ok && !guessedRight) return null;
  let reservation = reservationOf(usage, sent.decision);
  const { chat, recorded } = sent;
  if (!chat || !recorded) {
    // The chat went away within the statement (deleted meanwhile).
    await releaseQuota(db, reservation);
    throw gone();
  }
  const created = newChat ? chat : null;
  try {
    checkFilesInPlay(reads.inPlay);
    if (!guessedRight) {
      await releaseQuota(db, reservation);
      reservation = await reserveQuota(db, { userId, model, hasDocuments });
    }
  } catch (err) {
    await undoQuietly(db, { userId, created, recorded, reservation });
    throw err;
  }
  return { reads, model, hasDocuments, reservation, chat, created, recorded };
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
): Promise<Pick<PreparedSend, "reservation" | "chat" | "created" | "recorded">> {
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
    await undoQuietly(db, { userId, created, recorded: null, reservation });
    throw err;
  }
}
