// Before an answer starts: what it reads, its quota, its chat and messages — in as few round trips as it can.
import { type ChatRow, createChat } from "../db/chats";
import { type Database, FOREIGN_KEY_VIOLATION, isPostgresError, type Statements } from "../db/client";
import { type Carry, type RecordedExchange, recordExchange, reserveAndRecord } from "../db/exchange";
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
import { type SendAs, senderOf } from "./sender";
import { undoQuietly } from "./undo";

export interface PreparedSend {
  /** Who sent it (a deferred session is checked by then). */
  userId: number;
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
  from: SendAs;
  /** The model, or how to pick it once the chat (and so its current model) is known. */
  model: ModelEntry | ((chatModel: string) => ModelEntry);
  content: string | null;
  target: { newChat: { assistantId: number | null } } | { chatId: number };
  /** The user's own unsent uploads, linked to the user message in its transaction. */
  attachmentIds?: readonly string[];
  /** An edit: the question it replaces (that one and all after it leave) and the files the new one keeps. */
  carry?: Carry;
}

/**
 * Reads, reserves and records. Round trips: a text send is one statement, which checks a deferred session
 * too — to an existing chat with its model named, or opening a chat in an assistant (`recordTextSend`,
 * which reads what the answer needs as well), or opening one in the default assistant, which needs nothing
 * read (`reserveAndRecord`); a send with files looks the session up, reads, reserves, then links them in a
 * transaction. Whatever fails after the reservation is undone before the error goes on. The one statement
 * goes through `oneShot` (no connection to open before the provider is asked); the rest through `db`.
 */
export async function prepareSend(
  db: Database,
  input: SendInput,
  oneShot: Statements = db,
): Promise<PreparedSend> {
  const ids = input.attachmentIds ?? [];
  const from = senderOf(input.from);
  const { assistantId } = "newChat" in input.target ? input.target.newChat : { assistantId: undefined };
  const target = "chatId" in input.target ? input.target : assistantId != null ? { assistantId } : null;
  // An edit reads the conversation's files: those of the question it replaces must not count.
  if (ids.length === 0 && !input.carry && typeof input.model !== "function") {
    if (!target) return defaultChatSend(db, oneShot, { ...input, from, model: input.model });
    const sent = await textSend(db, oneShot, { ...input, from, target, model: input.model });
    if (sent) return sent;
  }
  const userId = await from.userId();
  const reads = await readForSend(db, {
    userId,
    target: "chatId" in input.target ? { chatId: input.target.chatId } : input.target.newChat,
    attachmentIds: ids,
    carry: input.carry,
  });
  const model = typeof input.model === "function" ? input.model(reads.chat?.model ?? "") : input.model;
  const hasDocuments = reads.inPlay.some(isDocument);
  const made = await reserveAndRecordSend(db, {
    ...input,
    userId,
    model,
    hasDocuments,
    reads,
    attachmentIds: ids,
  });
  return { userId, reads, model, hasDocuments, ...made };
}

type From = ReturnType<typeof senderOf>;

/** A new chat in the default assistant reads nothing: the quota, the chat and the exchange in one statement. */
async function defaultChatSend(
  db: Database,
  oneShot: Statements,
  input: { from: From; model: ModelEntry; content: string | null },
): Promise<PreparedSend> {
  const { model } = input;
  const reads: SendReads = {
    chat: null,
    assistantId: null,
    assistant: null,
    recent: [],
    stored: [],
    inPlay: [],
  };
  const usage = usageRequestOf({ model });
  const made = await reserveAndRecord(oneShot, {
    ...input.from.sender,
    usage,
    target: { assistantId: null },
    content: input.content,
    model: model.key,
  });
  const userId = await input.from.userId();
  const reservation = reservationOf(userId, usage, made.decision);
  if (!made.chat || !made.recorded) {
    await releaseQuota(db, reservation);
    throw new Error("the new chat was not made");
  }
  return {
    userId,
    reads,
    model,
    hasDocuments: false,
    reservation,
    chat: made.chat,
    created: made.chat,
    recorded: made.recorded,
  };
}

/**
 * The one-statement send. The request is counted as a conversation without documents; one that turns out to
 * have them is counted again as the long request it is (the first count given back), and when that guess was
 * refused nothing was recorded, so the caller takes the general path (null).
 */
async function textSend(
  db: Database,
  oneShot: Statements,
  input: {
    from: From;
    target: { chatId: number } | { assistantId: number };
    model: ModelEntry;
    content: string | null;
  },
): Promise<PreparedSend | null> {
  const { model } = input;
  const newChat = !("chatId" in input.target);
  const gone = () => notFound(newChat ? "No such assistant." : "No such chat.");
  const usage = usageRequestOf({ model });
  const sent = await recordTextSend(oneShot, {
    ...input.from.sender,
    target: input.target,
    content: input.content,
    usage,
    model: model.key,
    limit: CONTEXT_MESSAGES,
  }).catch((err: unknown) => {
    // The assistant was deleted since the statement read it: its chat cannot be made (nothing was recorded).
    throw newChat && isPostgresError(err, FOREIGN_KEY_VIOLATION) ? gone() : err;
  });
  if (!sent) throw gone();
  // The statement checked a deferred session before anything of its result is used: the user is known.
  const userId = await input.from.userId();
  const reads = readsOfContext(sent.context);
  const hasDocuments = reads.inPlay.some(isDocument);
  const guessedRight = usageRequestOf({ model, hasDocuments }).category === usage.category;
  if (!sent.decision.ok && !guessedRight) return null;
  let reservation = reservationOf(userId, usage, sent.decision);
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
  return { userId, reads, model, hasDocuments, reservation, chat, created, recorded };
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
    carry?: Carry;
  },
): Promise<Pick<PreparedSend, "reservation" | "chat" | "created" | "recorded">> {
  const { userId, model, reads } = input;
  const usage = usageRequestOf({ model, hasDocuments: input.hasDocuments });
  if (input.attachmentIds.length === 0 && !input.carry?.ids.length) {
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
    const reservation = reservationOf(userId, usage, made.decision);
    if (!made.chat || !made.recorded) {
      // The chat went away between the read and the write.
      await releaseQuota(db, reservation);
      throw notFound("No such chat.");
    }
    return { reservation, chat: made.chat, created: reads.chat ? null : made.chat, recorded: made.recorded };
  }
  const reservation = reservationOf(userId, usage, await reserveUsage(db, { ...usage, userId }));
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
      carry: input.carry,
    });
    return { reservation, chat, created, recorded };
  } catch (err) {
    await undoQuietly(db, { userId, created, recorded: null, reservation });
    throw err;
  }
}
