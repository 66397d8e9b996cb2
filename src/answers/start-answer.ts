// Starting an answer is one unit of work: quota, chat, messages, context, the chat's stream — one rollback.

import { chatStreamOf } from "../chat/stub";
import { getAssistant } from "../db/assistants";
import { type AttachmentRow, filesInPlay } from "../db/attachments";
import { type ChatRow, createChat, deleteChat } from "../db/chats";
import type { Database } from "../db/client";
import { unreadDocuments } from "../db/document-files";
import { type RecordedExchange, recordExchange } from "../db/exchange";
import { deleteMessagesFrom, type MessageRow } from "../db/messages";
import { DOCUMENTS_TOTAL_LIMIT, documentsTotal, isDocument } from "../domain/files";
import type { ModelEntry } from "../domain/models";
import type { Env } from "../env";
import { AppError, notFound } from "../errors";
import { buildContext, readHistory } from "./context";
import { releaseQuota, reserveQuota } from "./quota";

/** Where the answer goes: a chat made for it, or an existing chat, possibly replacing its tail. */
export type AnswerTarget =
  | { newChat: { assistantId: number | null } }
  | {
      chat: ChatRow;
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
 * Reserves the quota, then makes what the answer needs and hands it to the chat's ChatStream object. Any
 * failure after the reservation undoes everything this call made — the chat it created, the messages it
 * recorded, the request it counted — and what an edit or regenerate replaces is only deleted once the new
 * answer runs, so a refused or failed send loses nothing.
 */
export async function startAnswer(
  db: Database,
  env: Env,
  input: {
    userId: number;
    model: ModelEntry;
    content: string | null;
    target: AnswerTarget;
    /** The user's own unsent uploads, linked to the user message in its transaction. */
    attachmentIds?: readonly string[];
  },
): Promise<StartedAnswer> {
  const { userId, model, target } = input;
  const existing = "chat" in target ? target.chat : null;
  const assistantId = "newChat" in target ? target.newChat.assistantId : (existing?.assistantId ?? null);
  const ids = input.attachmentIds ?? [];
  // Side by side: the chat's live state, the assistant, the files this send would put in play, and the
  // history the context is made of (nothing of this send is recorded yet, so it is the history before it).
  const [busyNow, assistant, files, history] = await Promise.all([
    existing ? chatStreamOf(env, existing.id).isBusy() : false,
    assistantId !== null ? getAssistant(db, { userId, assistantId }) : null,
    ids.length > 0 || existing || assistantId !== null
      ? filesInPlay(db, { userId, ids, chatId: existing?.id ?? null, assistantId })
      : { unsent: [], conversation: [] },
    existing ? readHistory(db, { userId, chatId: existing.id }) : { recent: [], stored: [] },
  ]);
  if (busyNow) throw busy();
  if (assistantId !== null && !assistant && !existing) throw notFound("No such assistant.");
  // A foreign, unknown or already sent file: refused before anything is counted or recorded.
  if (files.unsent.length !== new Set(ids).size) throw notFound("No such attachment.");
  const inPlay = [...files.conversation, ...files.unsent];
  if (documentsTotal(inPlay) > DOCUMENTS_TOTAL_LIMIT) {
    throw new AppError(
      413,
      "documents_too_large",
      `The documents of this conversation would exceed ${DOCUMENTS_TOTAL_LIMIT} bytes.`,
    );
  }

  // Quota first: a request over the limit leaves no trace, not even an empty chat. Documents in the
  // conversation make it a long request (SPEC §9), so they are looked for before it.
  const hasDocuments = inPlay.some(isDocument);
  const reservation = await reserveQuota(db, { userId, model, hasDocuments });
  let created: ChatRow | null = null;
  let recorded: RecordedExchange | null = null;
  try {
    let chat = existing;
    if (!chat) {
      created = await createChat(db, { userId, assistantId, model: model.key });
      chat = created;
    }
    recorded = await recordExchange(db, {
      userId,
      chatId: chat.id,
      content: input.content,
      model: model.key,
      attachmentIds: input.attachmentIds,
      assistantId: chat.assistantId,
    });
    const { userMessage, modelMessage, attachments } = recorded;
    const replacingFromId = "replacingFromId" in target ? target.replacingFromId : undefined;
    const { system, messages } = buildContext(
      { assistant, ...history },
      { model, replacingFromId, question: userMessage, questionAttachments: attachments },
    );
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
    // Another device started an answer in between.
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

/** The question passages are chosen for: the last user message (a regenerate has no new one). */
const questionOf = (messages: readonly { role: string; content: string }[]): string =>
  messages.findLast((m) => m.role === "user")?.content ?? "";

async function undo(
  db: Database,
  made: {
    userId: number;
    created: ChatRow | null;
    recorded: { userMessage: MessageRow | null; modelMessage: MessageRow } | null;
    reservation: Parameters<typeof releaseQuota>[1];
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
