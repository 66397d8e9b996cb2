// Follows a chat's live answer over SSE. EventSource resends Last-Event-ID when it reconnects, so a dropped
// connection resumes where it was; a fresh one (after a reload) replays the whole generation, then goes live.
import type { LiveMessage } from "../../src/domain/chat/generation-state";
import type { StreamEvent, StreamEventType } from "../../src/domain/chat/stream-events";
import { api, readJson } from "../lib/api";
import {
  abortHandleOf,
  finishGeneration,
  generationStore,
  receiveGenerationEvent,
  setAbortHandle,
} from "./generation";
import { markStreamLost } from "./stream-lost";

export interface StreamCallbacks {
  onTitle(chatId: number, title: string): void;
  onFinished(chatId: number, message: LiveMessage): void;
  /** The stream has nothing for the message being followed: the chat should be read again. */
  onLost(chatId: number, messageId: number): void;
}

const FORWARDED: readonly StreamEventType[] = [
  "start",
  "text",
  "reasoning",
  "search",
  "image",
  "usage",
  "error",
  "title",
];

async function stopOnServer(chatId: number): Promise<void> {
  await readJson(api.api.chat.stop.$post({ json: { chatId } }));
}

/** Starts following `chatId` unless this page already does; the generation must be in the store. */
export function followGeneration(chatId: number, callbacks: StreamCallbacks): void {
  if (abortHandleOf(chatId)) return;
  const messageId = generationStore.get().byChat[chatId]?.modelMessage.id;
  if (messageId === undefined) return;
  const source = new EventSource(api.api.chat[":chatId"].stream.$path({ param: { chatId: String(chatId) } }));
  let ended = false;
  const lose = () => {
    if (ended) return;
    ended = true;
    source.close();
    markStreamLost(chatId, messageId);
    callbacks.onLost(chatId, messageId);
  };
  setAbortHandle(chatId, { stop: () => stopOnServer(chatId), close: () => source.close() });

  const read = (event: Event): StreamEvent | null => {
    try {
      return JSON.parse((event as MessageEvent<string>).data) as StreamEvent;
    } catch {
      return null;
    }
  };
  for (const type of FORWARDED) {
    source.addEventListener(type, (raw) => {
      const event = read(raw);
      if (!event || ended) return;
      // The chat moved on to another answer (another tab or device): read it again rather than mix the two.
      if (event.type === "start" && event.messageId !== messageId) return lose();
      if (event.type === "title") callbacks.onTitle(chatId, event.title);
      receiveGenerationEvent(chatId, event);
    });
  }
  source.addEventListener("done", (raw) => {
    const event = read(raw);
    if (!event || ended) return;
    ended = true;
    source.close();
    receiveGenerationEvent(chatId, event);
    const finished = finishGeneration(chatId);
    if (finished) callbacks.onFinished(chatId, finished);
  });
  source.addEventListener("idle", lose);
  source.addEventListener("error", () => {
    // CONNECTING means EventSource is already reconnecting with Last-Event-ID; CLOSED means it gave up.
    if (source.readyState === EventSource.CLOSED) lose();
  });
}
