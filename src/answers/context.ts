// What the model is sent: the assistant's preprompt as the system message and the chat's recent history.

import { getAssistant } from "../db/assistants";
import type { ChatRow } from "../db/chats";
import type { Database } from "../db/client";
import { type MessageRow, recentMessages } from "../db/messages";
import { type ContextMessage, trimContext } from "../domain/chat/context";
import type { ModelEntry } from "../domain/models";

/** Context is built from at most this many recent messages, then trimmed to the model's window. */
const CONTEXT_MESSAGES = 200;

const roleOf = (m: MessageRow): "user" | "assistant" => (m.metadata.role === "user" ? "user" : "assistant");

export async function buildContext(
  db: Database,
  input: {
    userId: number;
    chat: ChatRow;
    model: ModelEntry;
    /** Only messages older than this one are history (the answer being written, and what it replaces, are not). */
    beforeId: number;
    /** Messages from this id up to `beforeId` are being replaced (edit, regenerate): left out too. */
    replacingFromId?: number;
    /** The new question, when there is one: it closes the history. */
    question: MessageRow | null;
  },
): Promise<{ system: string | undefined; messages: ContextMessage[] }> {
  const { userId, chat } = input;
  const [assistant, recent] = await Promise.all([
    chat.assistantId ? getAssistant(db, { userId, assistantId: chat.assistantId }) : null,
    recentMessages(db, { userId, chatId: chat.id, limit: CONTEXT_MESSAGES, before: input.beforeId }),
  ]);
  const cut = input.replacingFromId;
  const kept = recent.filter((m) => (cut === undefined || m.id < cut) && m.id !== input.question?.id);
  if (input.question) kept.push(input.question);
  const system = assistant?.preprompt || undefined;
  const history = kept
    .filter((m) => m.content.trim() !== "")
    .map((m) => ({ role: roleOf(m), content: m.content }));
  return { system, messages: trimContext(history, { contextWindow: input.model.contextWindow, system }) };
}
