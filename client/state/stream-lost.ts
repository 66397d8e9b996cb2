// Model messages whose live stream had nothing left for them while they were never finished: they show
// SPEC §8's "Response could not be saved" instead of waiting forever.
import { useSyncExternalStore } from "react";
import { createStore } from "../lib/store";
import { dropGeneration } from "./generation";

const lostStore = createStore<ReadonlySet<number>>(new Set());

export function markStreamLost(chatId: number, messageId: number): void {
  dropGeneration(chatId);
  lostStore.set((lost) => new Set([...lost, messageId]));
}

export const isStreamLost = (messageId: number): boolean => lostStore.get().has(messageId);

export const useStreamLost = (messageId: number): boolean =>
  useSyncExternalStore(
    lostStore.subscribe,
    () => lostStore.get().has(messageId),
    () => false,
  );
