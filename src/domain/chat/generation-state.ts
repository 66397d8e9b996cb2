// The client's generation state (SPEC §3/§4): per chat the user and model messages being streamed, per
// message the web-search flags, and the messages still on their way (a new chat's first, an open chat's next).
import type { AttachmentWire } from "../files.ts";
import { applyStreamEvent, type ModelMessageMetadata, type StreamEvent } from "./stream-events.ts";
import type { MessageWire } from "./wire.ts";

/** A message as the client holds it: exactly what the API sends. */
export type LiveMessage = MessageWire;

export interface LiveModelMessage extends LiveMessage {
  role: "assistant";
  metadata: ModelMessageMetadata & Record<string, unknown>;
  /** Reasoning streamed so far (kept apart: the metadata only gets it once the answer is done). */
  reasoning: string;
}

export interface Generation {
  chatId: number;
  userMessage: LiveMessage | null;
  modelMessage: LiveModelMessage;
  /** Stop was asked (from whichever screen): the answer goes on until the server has ended it. */
  stopping?: boolean;
}

/** SPEC §4: none, then in progress, then completed. */
export interface SearchFlags {
  inProgress: boolean;
  completed: boolean;
}

/** A first message sent from an empty chat screen, shown before the chat exists. */
export interface PendingNewMessage {
  assistantId: string;
  content: string;
  model: string;
}

/** A message sent in an open chat, shown with an empty answer until the server has saved both. */
export interface PendingSend {
  content: string;
  model: string;
  attachments?: AttachmentWire[];
}

export interface GenerationState {
  byChat: Readonly<Record<number, Generation>>;
  search: Readonly<Record<number, SearchFlags>>;
  pendingNew: PendingNewMessage | null;
  /** Per chat: its message on its way; the generation that starts for it replaces it in the same step. */
  sending: Readonly<Record<number, PendingSend>>;
}

export const emptyGenerationState = (): GenerationState => ({
  byChat: {},
  search: {},
  pendingNew: null,
  sending: {},
});

function withoutKey<V>(record: Readonly<Record<number, V>>, key: number): Record<number, V> {
  if (!(key in record)) return record as Record<number, V>;
  const next = { ...record };
  delete next[key];
  return next;
}

/** A model message as the stream sees it before its first event. */
export function liveModelMessage(message: LiveMessage): LiveModelMessage {
  const metadata = { ...message.metadata, role: "assistant", done: false } as LiveModelMessage["metadata"];
  return { ...message, role: "assistant", content: message.content, metadata, reasoning: "" };
}

/**
 * Starting records the two messages, clears the model message's web-search flags and takes the place of
 * the chat's pending send: one step, so no view shows the message both on its way and saved.
 */
export function startGeneration(
  state: GenerationState,
  input: { chatId: number; userMessage: LiveMessage | null; modelMessage: LiveMessage },
): GenerationState {
  const modelMessage = liveModelMessage(input.modelMessage);
  return {
    ...state,
    byChat: { ...state.byChat, [input.chatId]: { ...input, modelMessage } },
    search: withoutKey(state.search, modelMessage.id),
    sending: withoutKey(state.sending, input.chatId),
  };
}

/** The message as the server saves it: reasoning moves into the metadata once there is some. */
export function settledMessage(message: LiveModelMessage): LiveMessage {
  const { reasoning, ...rest } = message;
  const metadata = reasoning ? { ...message.metadata, reasoning } : { ...message.metadata };
  return { ...rest, metadata };
}

const searchFlagsAfter = (event: Extract<StreamEvent, { type: "search" }>): SearchFlags =>
  event.status === "in_progress"
    ? { inProgress: true, completed: false }
    : { inProgress: false, completed: true };

/** One stream event for a chat's generation; events for another message (a stale stream) are ignored. */
export function receiveEvent(state: GenerationState, chatId: number, event: StreamEvent): GenerationState {
  const generation = state.byChat[chatId];
  if (!generation) return state;
  if (event.type === "start" && event.messageId !== generation.modelMessage.id) return state;
  const modelMessage = applyStreamEvent(generation.modelMessage, event);
  const search =
    event.type === "search" ? { ...state.search, [modelMessage.id]: searchFlagsAfter(event) } : state.search;
  if (modelMessage === generation.modelMessage && search === state.search) return state;
  return { ...state, byChat: { ...state.byChat, [chatId]: { ...generation, modelMessage } }, search };
}

/**
 * Ending marks the model message done, clears its web-search flags and the pending-new-message marker, and
 * removes the record; the finished message is returned for the caller to keep.
 */
export function endGeneration(
  state: GenerationState,
  chatId: number,
): { state: GenerationState; finished: LiveMessage | null } {
  const generation = state.byChat[chatId];
  if (!generation) return { state: { ...state, pendingNew: null }, finished: null };
  const done = applyStreamEvent(generation.modelMessage, {
    type: "done",
    outcome: generation.modelMessage.metadata.outcome ?? "done",
    messageId: generation.modelMessage.id,
  });
  return {
    state: {
      byChat: withoutKey(state.byChat, chatId),
      search: withoutKey(state.search, generation.modelMessage.id),
      pendingNew: null,
      sending: state.sending,
    },
    finished: settledMessage(done),
  };
}

/** Marks a chat's generation as stopping, or as going on again when the stop failed. */
export function markStopping(state: GenerationState, chatId: number, stopping: boolean): GenerationState {
  const generation = state.byChat[chatId];
  if (!generation || Boolean(generation.stopping) === stopping) return state;
  return { ...state, byChat: { ...state.byChat, [chatId]: { ...generation, stopping } } };
}

/** SPEC §4: removing a chat's abort handle also clears its web-search flags. */
export function clearSearchFlags(state: GenerationState, chatId: number): GenerationState {
  const generation = state.byChat[chatId];
  if (!generation) return state;
  const search = withoutKey(state.search, generation.modelMessage.id);
  return search === state.search ? state : { ...state, search };
}

export const setPendingNew = (state: GenerationState, pending: PendingNewMessage | null): GenerationState =>
  state.pendingNew === pending ? state : { ...state, pendingNew: pending };

/** A chat's message on its way, or null once it failed (a success is taken over by startGeneration). */
export function setPendingSend(
  state: GenerationState,
  chatId: number,
  pending: PendingSend | null,
): GenerationState {
  if (pending) return { ...state, sending: { ...state.sending, [chatId]: pending } };
  const sending = withoutKey(state.sending, chatId);
  return sending === state.sending ? state : { ...state, sending };
}

/** Drops a chat's record without finishing it (its stream was lost): the saved message is read again. */
export function forgetGeneration(state: GenerationState, chatId: number): GenerationState {
  const generation = state.byChat[chatId];
  if (!generation) return state;
  return {
    ...state,
    byChat: withoutKey(state.byChat, chatId),
    search: withoutKey(state.search, generation.modelMessage.id),
  };
}
