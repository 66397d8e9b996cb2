// The sidebar's chat list (SPEC §3, §4, §7): client chats with dates, a new chat in front, pages appended at
// offset = current length, a moved or deleted chat leaving the list.
import { isKnownModelKey } from "../models/index.ts";
import type { ChatWire } from "./wire.ts";

/** SPEC §3 client chat: dates converted from strings. */
export interface ChatSummary {
  id: number;
  assistantId: number | null;
  title: string | null;
  model: string;
  createdAt: Date;
  updatedAt: Date;
  /** Set while the chat is shared (its public link's id). */
  publicId?: string | null;
}

export interface ChatList {
  chats: readonly ChatSummary[];
  hasNextPage: boolean;
}

import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE } from "./paging.ts";

export { CHAT_PAGE_SIZE };

export const emptyChatList = (): ChatList => ({ chats: [], hasNextPage: false });

/** SPEC §3: a chat whose model left the catalogue is dropped. */
export function toChatSummary(wire: ChatWire): ChatSummary | null {
  if (!isKnownModelKey(wire.model)) return null;
  return {
    id: wire.id,
    assistantId: wire.assistantId,
    title: wire.title,
    model: wire.model,
    createdAt: new Date(wire.createdAt),
    updatedAt: new Date(wire.updatedAt),
    publicId: wire.publicId,
  };
}

export const toChatSummaries = (wires: readonly ChatWire[]): ChatSummary[] =>
  wires.map(toChatSummary).filter((chat): chat is ChatSummary => chat !== null);

/** SPEC §7: the offset of the next page is the current list length. */
export const nextOffset = (list: ChatList): number => list.chats.length;

/**
 * How many chats to ask for when the list is read again from the start (a change elsewhere): as many as it
 * shows, so pages loaded with "load more" stay, within what one request may ask for.
 */
export const refreshLimit = (list: ChatList | undefined): number =>
  Math.min(CHAT_PAGE_MAX, Math.max(CHAT_PAGE_SIZE, list?.chats.length ?? 0));

/** A new (or newly active) chat goes to the front, once. */
export function prependChat(list: ChatList, chat: ChatSummary): ChatList {
  return { ...list, chats: [chat, ...list.chats.filter((c) => c.id !== chat.id)] };
}

/** Loading more appends; a chat already shown (the list moved under us) is not repeated. */
export function appendPage(list: ChatList, page: ChatList): ChatList {
  const seen = new Set(list.chats.map((c) => c.id));
  return {
    chats: [...list.chats, ...page.chats.filter((c) => !seen.has(c.id))],
    hasNextPage: page.hasNextPage,
  };
}

/** Deleting a chat, or moving it to another assistant, removes it from the current list. */
export function removeChat(list: ChatList, chatId: number): ChatList {
  return list.chats.some((c) => c.id === chatId)
    ? { ...list, chats: list.chats.filter((c) => c.id !== chatId) }
    : list;
}

export function updateChat(
  list: ChatList,
  chatId: number,
  patch: Partial<Omit<ChatSummary, "id">>,
): ChatList {
  return list.chats.some((c) => c.id === chatId)
    ? { ...list, chats: list.chats.map((c) => (c.id === chatId ? { ...c, ...patch } : c)) }
    : list;
}

/** "default" for the built-in assistant, else its id as the routes spell it. */
export const assistantParamOf = (assistantId: number | null): string =>
  assistantId === null ? "default" : String(assistantId);

/**
 * The chat id an address names, or null: all digits (SPEC §5), and small enough to be a number exactly — a
 * longer one names no chat (written as a number it would become "1e+23").
 */
export function chatIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

export const chatPath = (assistantId: string, chatId: number): string => `/app/a/${assistantId}/c/${chatId}`;
