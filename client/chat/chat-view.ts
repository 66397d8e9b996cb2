// What the conversation pane shows: saved messages, the answer being streamed, a message on its way, and
// what a failed request says.
import type { Generation, PendingNewMessage } from "../../src/domain/chat/generation-state";
import { plainFailure, type SendFailure, sendFailureOf } from "../../src/domain/chat/send-failure";
import type { AttachmentWire } from "../../src/domain/files";
import { ApiError } from "../lib/api";
import type { ViewMessage } from "./message-item";

export const failureOf = (error: unknown): SendFailure =>
  error instanceof ApiError
    ? sendFailureOf(error.code, error.details, error.retryAfterSeconds)
    : plainFailure("network");

/** In an open chat, a 404 means the chat (or its message) was deleted meanwhile, say in another tab. */
export const openChatFailureOf = (error: unknown): SendFailure =>
  error instanceof ApiError && error.status === 404 ? plainFailure("chatGone") : failureOf(error);

/** The first exchange as it will look, shown while the message is on its way. */
export function pendingExchange(
  pending: Pick<PendingNewMessage, "content" | "model"> & { attachments?: AttachmentWire[] },
): ViewMessage[] {
  const now = new Date().toISOString();
  return [
    {
      id: -1,
      role: "user",
      content: pending.content,
      model: null,
      metadata: { role: "user" },
      createdAt: now,
      attachments: pending.attachments,
    },
    {
      id: -2,
      role: "assistant",
      content: "",
      model: pending.model,
      metadata: { role: "assistant", done: false },
      createdAt: now,
      live: true,
    },
  ];
}

/** The saved messages with the answer being streamed in place of its empty row. */
export function withLiveAnswer(
  messages: readonly ViewMessage[],
  generation: Generation | undefined,
): ViewMessage[] {
  if (!generation) return [...messages];
  const live = generation.modelMessage;
  const liveView: ViewMessage = { ...live, live: true };
  const list = [...messages];
  const at = list.findIndex((m) => m.id === live.id);
  if (at >= 0) list[at] = liveView;
  else {
    const asked = generation.userMessage;
    if (asked && !list.some((m) => m.id === asked.id)) list.push(asked);
    list.push(liveView);
  }
  return list;
}
