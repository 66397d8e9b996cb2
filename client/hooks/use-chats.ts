// The chats of an assistant for the sidebar (SPEC §4, §7): first page, "load more" at offset = current
// length, a new chat in front, rename, delete, and move (the chat leaves the current list).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  appendPage,
  CHAT_PAGE_SIZE,
  type ChatList,
  type ChatSummary,
  emptyChatList,
  nextOffset,
  prependChat,
  refreshLimit,
  removeChat,
  toChatSummaries,
  updateChat,
} from "../../src/domain/chat/chat-list";
import { api, readJson } from "../lib/api";

export const chatListKeys = {
  all: ["chats"] as const,
  list: (assistantId: string) => [...chatListKeys.all, "list", assistantId] as const,
};

/** SPEC §7: a failure is logged and an empty result with no next page is used. */
async function fetchChatsPage(
  assistantId: string,
  offset: number,
  limit = CHAT_PAGE_SIZE,
): Promise<ChatList> {
  try {
    const page = await readJson(api.api.assistants.chats.$post({ json: { assistantId, limit, offset } }));
    return { chats: toChatSummaries(page.chats), hasNextPage: page.hasNextPage };
  } catch (error) {
    console.error("Error while fetching the assistant's chats", error);
    return emptyChatList();
  }
}

const chatListOptions = (assistantId: string) =>
  queryOptions({
    queryKey: chatListKeys.list(assistantId),
    // Read again after a change elsewhere (useChatListSync), it keeps the pages the reader had loaded.
    queryFn: ({ client }) =>
      fetchChatsPage(assistantId, 0, refreshLimit(client.getQueryData(chatListKeys.list(assistantId)))),
    staleTime: 60_000,
  });

/** Starts reading the list ahead of anything that suspends (see usePrefetchChat). */
export function usePrefetchChatList(assistantId: string): void {
  const client = useQueryClient();
  if (!client.getQueryState(chatListKeys.list(assistantId)))
    void client.prefetchQuery(chatListOptions(assistantId));
}

export function useChatList(assistantId: string) {
  const client = useQueryClient();
  const query = useQuery(chatListOptions(assistantId));
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    const key = chatListKeys.list(assistantId);
    const current = client.getQueryData<ChatList>(key) ?? emptyChatList();
    setLoadingMore(true);
    try {
      const page = await fetchChatsPage(assistantId, nextOffset(current));
      client.setQueryData<ChatList>(key, (list) => appendPage(list ?? emptyChatList(), page));
    } finally {
      setLoadingMore(false);
    }
  };
  // Only what the list shows: TanStack Query re-renders a component for each result field it read, and a
  // spread reads them all (the list rendered again, unable to yield, when its fetch state alone changed).
  return { data: query.data, isSuccess: query.isSuccess, loadMore, loadingMore };
}

// A second tab kept the list it read first: a chat made, renamed or moved in another never showed there.
// Each tab tells the others of a change the server has made (one channel object per tab: it does not hear
// itself), and a tab seen again reads its lists anew, for what another device did meanwhile.
let channel: BroadcastChannel | null | undefined;
const listChannel = (): BroadcastChannel | null => {
  channel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("switchboard:chat-lists");
  return channel;
};

/** Tells this browser's other tabs that a chat list changed on the server (after the server said so). */
export function announceChatListChange(): void {
  listChannel()?.postMessage("changed");
}

/** Mounted once in the app: the lists are read again when another tab changed one, or the tab is seen again. */
export function useChatListSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: chatListKeys.all });
    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    const heard = listChannel();
    heard?.addEventListener("message", refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      heard?.removeEventListener("message", refresh);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [client]);
}

/** Applies a change to every cached chat list (a chat is in at most one, but which one is not always known). */
export function updateChatLists(client: QueryClient, change: (list: ChatList) => ChatList): void {
  client.setQueriesData<ChatList>({ queryKey: chatListKeys.all }, (list) => (list ? change(list) : list));
}

/** A new or newly active chat goes to the front of its assistant's list. */
export function putChatInFront(client: QueryClient, assistantId: string, chat: ChatSummary): void {
  client.setQueryData<ChatList>(chatListKeys.list(assistantId), (list) =>
    list ? prependChat(list, chat) : list,
  );
}

/**
 * What a list action's caller does once the server has answered. These run from the mutation's own options:
 * the chat's row may have left the list (and unmounted) before then, and TanStack Query drops the callbacks
 * given to `mutate` with the component that gave them.
 */
export interface ListActionOutcome<V> {
  onSuccess?(variables: V): void;
  onError?(variables: V): void;
}

type RenameVariables = { chatId: number; title: string };

export function useRenameChat(outcome: ListActionOutcome<RenameVariables> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ chatId, title }: RenameVariables) =>
      readJson(api.api.chat.update.$post({ json: { id: chatId, title } })),
    onMutate: async ({ chatId, title }) => {
      // A read already under way (another tab's change) would put the old title back.
      await client.cancelQueries({ queryKey: chatListKeys.all });
      updateChatLists(client, (list) => updateChat(list, chatId, { title }));
    },
    onSuccess: (_data, variables) => {
      announceChatListChange();
      outcome.onSuccess?.(variables);
    },
    onError: (_error, variables) => {
      outcome.onError?.(variables);
      return client.invalidateQueries({ queryKey: chatListKeys.all });
    },
  });
}

export function useDeleteChat(outcome: ListActionOutcome<number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (chatId: number) => readJson(api.api.chat.delete.$post({ json: { id: chatId } })),
    onMutate: async (chatId) => {
      await client.cancelQueries({ queryKey: chatListKeys.all });
      updateChatLists(client, (list) => removeChat(list, chatId));
    },
    onSuccess: (_data, chatId) => {
      announceChatListChange();
      outcome.onSuccess?.(chatId);
    },
    onError: (_error, chatId) => {
      outcome.onError?.(chatId);
      return client.invalidateQueries({ queryKey: chatListKeys.all });
    },
  });
}

type MoveVariables = { chatId: number; from: string; to: string };

export function useMoveChat(outcome: ListActionOutcome<MoveVariables> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ chatId, to }: MoveVariables) =>
      readJson(api.api.chat.updateAssistant.$post({ json: { chatId, assistantId: to } })),
    onMutate: async ({ chatId, from }) => {
      await client.cancelQueries({ queryKey: chatListKeys.all });
      client.setQueryData<ChatList>(chatListKeys.list(from), (list) =>
        list ? removeChat(list, chatId) : list,
      );
    },
    onSuccess: (_data, variables) => {
      announceChatListChange();
      outcome.onSuccess?.(variables);
      return client.invalidateQueries({ queryKey: chatListKeys.list(variables.to) });
    },
    onError: (error, variables) => {
      // SPEC §8: logged; the list comes back as the server has it.
      console.error("Failed to update chat assistant", error);
      outcome.onError?.(variables);
      return client.invalidateQueries({ queryKey: chatListKeys.list(variables.from) });
    },
  });
}
