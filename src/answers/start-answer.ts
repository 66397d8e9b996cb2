// Starting an answer is one unit of work: reads, quota, chat, messages, the chat's stream — one rollback.

import { chatStreamOf } from "../chat/stub";
import type { AttachmentRow } from "../db/attachments";
import type { ChatRow } from "../db/chats";
import { type Database, oneShot } from "../db/client";
import { unreadDocuments } from "../db/document-files";
import { deleteMessagesFrom, type MessageRow } from "../db/messages";
import { readsDocuments } from "../domain/models";
import type { ProviderRequestOptions } from "../domain/provider-options";
import type { Env } from "../env";
import { AppError } from "../errors";
import { buildContext } from "./context";
import { prepareSend, type SendInput } from "./prepare-send";
import { undoQuietly } from "./undo";

/** Where the answer goes: a chat made for it, or an existing chat of the user's, possibly replacing its tail. */
export type AnswerTarget =
  | { newChat: { assistantId: number | null } }
  | {
      chatId: number;
      /** Edit and regenerate: the messages from this id on give way once the new answer has started. */
      replacingFromId?: number;
      /** Edit: which files of the question being replaced (`replacingFromId`) its new version keeps. */
      keepAttachmentIds?: readonly string[];
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
 * Reads what the answer needs, reserves the quota and records the exchange (src/answers/prepare-send.ts:
 * for a text send, one statement, which checks the session too), then hands the answer to the chat's ChatStream
 * object. Any failure after the reservation undoes everything this call made — the chat it created, the
 * messages it recorded, the request it counted — and what an edit or regenerate replaces is only deleted
 * once the new answer runs, so a refused or failed send loses nothing.
 */
export async function startAnswer(
  db: Database,
  env: Env,
  input: SendInput & {
    target: AnswerTarget;
    /** What the provider is asked beside the messages (a Midjourney button pressed under a grid). */
    options?: ProviderRequestOptions;
  },
): Promise<StartedAnswer> {
  const { target } = input;
  const replacingFromId = "replacingFromId" in target ? target.replacingFromId : undefined;
  const keep = "keepAttachmentIds" in target ? target.keepAttachmentIds : undefined;
  const carry =
    replacingFromId !== undefined && keep ? { fromMessageId: replacingFromId, ids: keep } : undefined;
  // Quota first: a request over the limit leaves no trace, not even an empty chat.
  const { userId, reads, model, hasDocuments, reservation, chat, created, recorded } = await prepareSend(
    db,
    { ...input, carry },
    oneShot(env),
  );
  try {
    const { userMessage, modelMessage, attachments } = recorded;
    // Until the new answer runs, what it replaces is still there: its documents must not be read or used.
    const replaced =
      replacingFromId !== undefined
        ? { fromId: replacingFromId, beforeId: userMessage?.id ?? modelMessage.id }
        : undefined;
    const { system, messages } = buildContext(reads, {
      model,
      replacingFromId,
      question: userMessage,
      questionAttachments: attachments,
    });
    // An image model is not given the documents (nor are they read for it): its answer names no sources.
    const documents =
      hasDocuments && readsDocuments(model)
        ? {
            question: questionOf(messages),
            chatId: chat.id,
            assistantId: chat.assistantId,
            replaced,
            unread: (
              await unreadDocuments(db, { userId, chatId: chat.id, assistantId: chat.assistantId, replaced })
            ).map((row) => ({
              attachmentId: row.id,
              name: row.name ?? "document",
              location: row.content?.location ?? "",
              messageId: row.messageId,
              assistantId: row.assistantId,
            })),
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
      options: input.options,
    });
    if (!started.ok) throw busy();
    if (replaced) {
      await deleteMessagesFrom(db, { userId, chatId: chat.id, ...replaced }).catch((err: unknown) =>
        console.error("removing the replaced messages failed", err),
      );
    }
    return { chat, userMessage, modelMessage, attachments, generationId };
  } catch (err) {
    await undoQuietly(db, { userId, created, recorded, reservation });
    throw err;
  }
}

/** The question passages are chosen for: the last user message (a regenerate has no new one). */
const questionOf = (messages: readonly { role: string; content: string }[]): string =>
  messages.findLast((m) => m.role === "user")?.content ?? "";
