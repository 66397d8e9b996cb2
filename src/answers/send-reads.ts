// What a send reads before anything is counted or recorded: the chat, its assistant, its history, its files.
import { getAssistant } from "../db/assistants";
import { type AttachmentRow, filesInPlay } from "../db/attachments";
import type { ChatRow } from "../db/chats";
import type { Database } from "../db/client";
import type { Carry } from "../db/exchange";
import type { MessageRow } from "../db/messages";
import { readSendContext, type SendContext } from "../db/send-context";
import { DOCUMENTS_TOTAL_LIMIT, documentsTotal } from "../domain/files";
import { AppError, notFound } from "../errors";

/** Context is built from at most this many recent messages, then trimmed to the model's window. */
export const CONTEXT_MESSAGES = 200;

export interface SendReads {
  /** The chat the answer goes to; null when this send makes one. */
  chat: ChatRow | null;
  assistantId: number | null;
  assistant: { preprompt: string } | null;
  /** The chat's newest messages, oldest first (none for a new chat). */
  recent: MessageRow[];
  /** Files of the chat's messages: they go again with their messages. */
  stored: AttachmentRow[];
  /** Every file the answer has in play: the conversation's and the ones sent now. */
  inPlay: AttachmentRow[];
}

/**
 * One statement for a send to an existing chat (a foreign or unknown chat is a 404); for a new chat only
 * what it needs: the assistant and the files sent with it. A foreign, unknown or already sent file, or
 * documents over the conversation's total, are refused here, before anything is counted or recorded (the
 * transaction that links files checks again).
 */
export async function readForSend(
  db: Database,
  input: {
    userId: number;
    target: { chatId: number } | { assistantId: number | null };
    attachmentIds: readonly string[];
    /** An edit: the files of the question it replaces, and of all after it, leave but for those it keeps. */
    carry?: Carry;
  },
): Promise<SendReads> {
  const ids = input.attachmentIds;
  const { reads, unsent } =
    "chatId" in input.target
      ? await readExistingChat(db, { userId: input.userId, chatId: input.target.chatId, ids })
      : await readNewChat(db, { userId: input.userId, assistantId: input.target.assistantId, ids });
  if (unsent.length !== new Set(ids).size) throw notFound("No such attachment.");
  const { carry } = input;
  const staying = (file: AttachmentRow) =>
    !carry || file.messageId === null || file.messageId < carry.fromMessageId || carry.ids.includes(file.id);
  const inPlay = reads.inPlay.filter(staying);
  checkFilesInPlay(inPlay);
  return { ...reads, inPlay, stored: reads.stored.filter(staying) };
}

/** The conversation's documents must fit in its total (SPEC §5). */
export function checkFilesInPlay(inPlay: readonly AttachmentRow[]): void {
  if (documentsTotal(inPlay) > DOCUMENTS_TOTAL_LIMIT) {
    throw new AppError(
      413,
      "documents_too_large",
      `The documents of this conversation would exceed ${DOCUMENTS_TOTAL_LIMIT} bytes.`,
    );
  }
}

/** The reads of an existing chat out of its context (files sent now count as in play). */
export function readsOfContext(context: SendContext): SendReads {
  const { chat, assistantId, assistant, recent, unsent, conversation } = context;
  const stored = conversation.filter((f) => f.messageId !== null);
  const inPlay = [...conversation, ...unsent];
  return { chat, assistantId, assistant, recent, stored, inPlay };
}

type Found = { reads: SendReads; unsent: AttachmentRow[] };

async function readExistingChat(
  db: Database,
  { userId, chatId, ids }: { userId: number; chatId: number; ids: readonly string[] },
): Promise<Found> {
  const context = await readSendContext(db, { userId, chatId, attachmentIds: ids, limit: CONTEXT_MESSAGES });
  if (!context) throw notFound("No such chat.");
  return { reads: readsOfContext(context), unsent: context.unsent };
}

async function readNewChat(
  db: Database,
  { userId, assistantId, ids }: { userId: number; assistantId: number | null; ids: readonly string[] },
): Promise<Found> {
  const [assistant, files] = await Promise.all([
    assistantId !== null ? getAssistant(db, { userId, assistantId }) : null,
    ids.length > 0 || assistantId !== null
      ? filesInPlay(db, { userId, ids, chatId: null, assistantId })
      : { unsent: [], conversation: [] },
  ]);
  if (assistantId !== null && !assistant) throw notFound("No such assistant.");
  const inPlay = [...files.conversation, ...files.unsent];
  return {
    reads: { chat: null, assistantId, assistant, recent: [], stored: [], inPlay },
    unsent: files.unsent,
  };
}
