// The one client store of generation state (SPEC §3/§4): what is being streamed per chat, web-search flags
// per message, the pending first message of a new chat, and each chat's abort handle.
import { useCallback, useSyncExternalStore } from "react";
import {
  clearSearchFlags,
  emptyGenerationState,
  endGeneration,
  forgetGeneration,
  type Generation,
  type GenerationState,
  type LiveMessage,
  markStopping,
  type PendingNewMessage,
  type PendingSend,
  receiveEvent,
  type SearchFlags,
  setPendingNew,
  setPendingSend,
  startGeneration,
} from "../../src/domain/chat/generation-state";
import type { StreamEvent } from "../../src/domain/chat/stream-events";
import { createStore } from "../lib/store";

export const generationStore = createStore<GenerationState>(emptyGenerationState());

/** What stopping a chat's generation takes: asking the server, and letting go of the stream. */
export interface AbortHandle {
  stop(): Promise<void>;
  close(): void;
}

const abortHandles = new Map<number, AbortHandle>();

export function beginGeneration(input: {
  chatId: number;
  userMessage: LiveMessage | null;
  modelMessage: LiveMessage;
}): void {
  generationStore.set((state) => startGeneration(state, input));
}

export const receiveGenerationEvent = (chatId: number, event: StreamEvent): void =>
  generationStore.set((state) => receiveEvent(state, chatId, event));

/** Ends a chat's generation; returns the finished model message, or null when none was running. */
export function finishGeneration(chatId: number): LiveMessage | null {
  const { state, finished } = endGeneration(generationStore.get(), chatId);
  removeAbortHandle(chatId);
  generationStore.set(state);
  return finished;
}

export function dropGeneration(chatId: number): void {
  abortHandles.get(chatId)?.close();
  abortHandles.delete(chatId);
  generationStore.set((state) => forgetGeneration(state, chatId));
}

export const setPendingNewMessage = (pending: PendingNewMessage | null): void =>
  generationStore.set((state) => setPendingNew(state, pending));

/** An open chat's message on its way; beginGeneration takes its place when the server has saved it. */
export const setSending = (chatId: number, pending: PendingSend | null): void =>
  generationStore.set((state) => setPendingSend(state, chatId, pending));

export function setAbortHandle(chatId: number, handle: AbortHandle): void {
  abortHandles.get(chatId)?.close();
  abortHandles.set(chatId, handle);
}

export const abortHandleOf = (chatId: number): AbortHandle | undefined => abortHandles.get(chatId);

/**
 * Asks the server to stop a chat's answer. The generation says it is stopping until the answer ends, so the
 * screen that shows it next (the open chat after a new chat's Stop) keeps Stop pressed. Resolves false when
 * the request failed (offline): the answer goes on, Stop can be pressed again, and the caller says so.
 */
export async function stopGeneration(chatId: number): Promise<boolean> {
  const handle = abortHandles.get(chatId);
  if (!handle) return true;
  generationStore.set((state) => markStopping(state, chatId, true));
  try {
    await handle.stop();
    return true;
  } catch (error) {
    console.error("Failed to stop the generation", error);
    generationStore.set((state) => markStopping(state, chatId, false));
    return false;
  }
}

/** SPEC §4: removing the abort handle of a chat also clears its web-search flags. */
export function removeAbortHandle(chatId: number): void {
  abortHandles.get(chatId)?.close();
  abortHandles.delete(chatId);
  generationStore.set((state) => clearSearchFlags(state, chatId));
}

export const isGenerating = (chatId: number): boolean => chatId in generationStore.get().byChat;

function useSelect<T>(select: (state: GenerationState) => T): T {
  const get = useCallback(() => select(generationStore.get()), [select]);
  return useSyncExternalStore(generationStore.subscribe, get, get);
}

export function useGeneration(chatId: number | null): Generation | undefined {
  return useSelect(
    useCallback((s: GenerationState) => (chatId === null ? undefined : s.byChat[chatId]), [chatId]),
  );
}

export function useSearchFlags(messageId: number): SearchFlags | undefined {
  return useSelect(useCallback((s: GenerationState) => s.search[messageId], [messageId]));
}

export function usePendingSend(chatId: number): PendingSend | undefined {
  return useSelect(useCallback((s: GenerationState) => s.sending[chatId], [chatId]));
}

export const usePendingNewMessage = (): PendingNewMessage | null => useSelect(selectPending);
const selectPending = (s: GenerationState) => s.pendingNew;
