// Follows a chat's live answer over SSE. EventSource resends Last-Event-ID when it reconnects, so a dropped
// connection resumes where it was; a fresh one (after a reload) replays the whole generation, then goes live.
import type { LiveMessage } from "../../src/domain/chat/generation-state";
import type { StreamEvent, StreamEventType } from "../../src/domain/chat/stream-events";
import { api, readJson } from "../lib/api";
import { report } from "../monitoring/report";
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

/**
 * The events that go to the answer's state as they come (`title`, `done` and `idle` have listeners of their
 * own). A record, not a list: a new event type does not compile until it is placed here or there.
 */
const FORWARDED_TYPES: Record<Exclude<StreamEventType, "title" | "done" | "idle">, true> = {
  start: true,
  text: true,
  reasoning: true,
  search: true,
  documents: true,
  image: true,
  usage: true,
  error: true,
};
const FORWARDED = Object.keys(FORWARDED_TYPES) as (keyof typeof FORWARDED_TYPES)[];

async function stopOnServer(chatId: number): Promise<void> {
  await readJson(api.api.chat.stop.$post({ json: { chatId } }));
}

/** How long a finished answer's stream stays open for a title the server said was coming. */
const TITLE_WAIT_MS = 20_000;

/** What comes first that the user sees of an answer: the time to it is the TTFT. */
const FIRST_OUTPUT: ReadonlySet<StreamEventType> = new Set(["text", "reasoning", "image"]);

/**
 * Starts following `chatId` unless this page already does; the generation must be in the store. A new chat's
 * answer may end (`done`) before its title is written: then the stream stays open, the answer is finished
 * at once, and the title still reaches the lists when its event comes. Stream health (time to first token
 * from `sentAt`, reconnects, resumes, lost streams) goes to monitoring.
 */
export function followGeneration(
  chatId: number,
  callbacks: StreamCallbacks,
  { sentAt, resumed = false }: { sentAt?: number | undefined; resumed?: boolean } = {},
): void {
  if (abortHandleOf(chatId)) return;
  const modelMessage = generationStore.get().byChat[chatId]?.modelMessage;
  const messageId = modelMessage?.id;
  if (messageId === undefined) return;
  const model = modelMessage?.model ?? undefined;
  const health = (name: string, value?: number) =>
    report({ type: "stream", name, ...(model ? { model } : {}), ...(value === undefined ? {} : { value }) });
  if (resumed) health("resume");
  let awaitingFirst = !resumed;
  const startedAt = performance.now();
  const source = new EventSource(api.api.chat[":chatId"].stream.$path({ param: { chatId: String(chatId) } }));
  // live: the answer streams; title: the answer is done, a title may still come; ended: closed.
  let phase: "live" | "title" | "ended" = "live";
  let titleTimer: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    phase = "ended";
    clearTimeout(titleTimer);
    source.close();
  };
  const lose = () => {
    if (phase !== "live") return end();
    end();
    markStreamLost(chatId, messageId);
    health("lost");
    callbacks.onLost(chatId, messageId);
  };
  // Finishing the generation removes this handle: a title still on its way must not be cut by that.
  setAbortHandle(chatId, { stop: () => stopOnServer(chatId), close: () => phase === "live" && end() });

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
      if (!event || phase !== "live") return;
      // The chat moved on to another answer (another tab or device): read it again rather than mix the two.
      if (event.type === "start" && event.messageId !== messageId) return lose();
      if (awaitingFirst && FIRST_OUTPUT.has(event.type)) {
        awaitingFirst = false;
        health("ttft", Math.round(performance.now() - (sentAt ?? startedAt)));
      }
      receiveGenerationEvent(chatId, event);
    });
  }
  source.addEventListener("title", (raw) => {
    const event = read(raw);
    if (event?.type !== "title" || phase === "ended") return;
    callbacks.onTitle(chatId, event.title);
    if (phase === "title") end();
  });
  source.addEventListener("done", (raw) => {
    const event = read(raw);
    if (event?.type !== "done" || phase !== "live") return;
    if (event.titlePending) {
      phase = "title";
      titleTimer = setTimeout(end, TITLE_WAIT_MS);
    } else end();
    receiveGenerationEvent(chatId, event);
    const finished = finishGeneration(chatId);
    if (finished) callbacks.onFinished(chatId, finished);
  });
  source.addEventListener("idle", lose);
  source.addEventListener("error", () => {
    // Waiting for a title, any error is the server closing the stream: no title is coming.
    if (phase === "title") return end();
    // CONNECTING means EventSource is already reconnecting with Last-Event-ID; CLOSED means it gave up.
    if (source.readyState === EventSource.CLOSED) lose();
    else if (phase === "live") health("reconnect");
  });
}
