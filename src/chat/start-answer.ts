// Starting an answer: quota, the two messages, the context, then the chat's ChatStream object.

import { getAssistant } from "../db/assistants";
import type { ChatRow } from "../db/chats";
import type { Database } from "../db/client";
import { deleteMessagesFrom, type MessageRow, recentMessages, recordExchange } from "../db/messages";
import { releaseUsage, reserveUsage } from "../db/quota";
import { trimContext } from "../domain/chat/context";
import { isFreeModel, type ModelEntry, usageCategoryOf } from "../domain/models";
import type { Env } from "../env";
import { AppError } from "../errors";
import type { ChatStream } from "./chat-stream";

/** Context is built from at most this many recent messages, then trimmed to the model's window. */
const CONTEXT_MESSAGES = 200;

export const chatStreamOf = (env: Env, chatId: number) =>
  env.CHAT_STREAM.get(env.CHAT_STREAM.idFromName(`chat:${chatId}`)) as DurableObjectStub<ChatStream>;

export interface StartedAnswer {
  userMessage: MessageRow | null;
  modelMessage: MessageRow;
  generationId: string;
}

export async function startAnswer(
  db: Database,
  env: Env,
  input: {
    userId: number;
    chat: ChatRow;
    model: ModelEntry;
    /** The new user message; null when regenerating or after an edit already saved. */
    content: string | null;
    /** This generation opens the chat: name it. */
    titleFrom?: string;
    /** The quota was already reserved (see reserveQuota) at this instant. */
    reservedAt?: Date;
  },
): Promise<StartedAnswer> {
  const { userId, chat, model } = input;
  const stub = chatStreamOf(env, chat.id);
  if (await stub.isBusy()) throw busy();

  const now = input.reservedAt ?? (await reserveQuota(db, { userId, model }));

  const { userMessage, modelMessage } = await recordExchange(db, {
    userId,
    chatId: chat.id,
    content: input.content,
    model: model.key,
  });
  const assistant = chat.assistantId
    ? await getAssistant(db, { userId, assistantId: chat.assistantId })
    : null;
  const system = assistant?.preprompt || undefined;
  const history = (await recentMessages(db, { userId, chatId: chat.id, limit: CONTEXT_MESSAGES }))
    .filter((m) => m.id !== modelMessage.id && m.content.trim() !== "")
    .map((m) => ({ role: roleOf(m), content: m.content }));
  const messages = trimContext(history, { contextWindow: model.contextWindow, system });

  const generationId = crypto.randomUUID();
  const started = await stub.start({
    generationId,
    chatId: chat.id,
    userId,
    messageId: modelMessage.id,
    model: model.key,
    system,
    messages,
    titleFrom: input.titleFrom,
  });
  if (!started.ok) {
    // Another device started an answer in between: undo this one so nothing half-made is left.
    await releaseUsage(db, { userId, model: model.key, at: now });
    await deleteMessagesFrom(db, { userId, chatId: chat.id, fromId: userMessage?.id ?? modelMessage.id });
    throw busy();
  }
  return { userMessage, modelMessage, generationId };
}

/** Records one request against the user's quota, or throws the 402/429 the client acts on. */
export async function reserveQuota(db: Database, { userId, model }: { userId: number; model: ModelEntry }) {
  const category = usageCategoryOf(model, {});
  const now = new Date();
  const quota = await reserveUsage(db, {
    userId,
    model: model.key,
    category,
    free: isFreeModel(model.key),
    now,
  });
  if (!quota.ok && quota.reason === "no_plan") {
    throw new AppError(402, "subscription_required", "Choose a plan to start chatting.");
  }
  if (!quota.ok) {
    throw new AppError(429, "quota_reached", "You reached your quota.", {
      details: { category, used: quota.used, limit: quota.limit },
      headers: { "Retry-After": String(quota.retryAfterSeconds) },
    });
  }
  return now;
}

const roleOf = (m: MessageRow): "user" | "assistant" => (m.metadata.role === "user" ? "user" : "assistant");

const busy = () =>
  new AppError(
    409,
    "generation_in_progress",
    "An answer is still being written in this chat. Stop it or wait.",
  );
