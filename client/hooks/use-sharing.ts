// Sharing and forking (issue #16): share or stop sharing a chat, read a shared chat, and fork one into a
// chat of one's own (from a share, or "branch from here" on one's own message).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { assistantParamOf, toChatSummary, updateChat } from "../../src/domain/chat/chat-list";
import { ApiError, api, readJson } from "../lib/api";
import { announceChatListChange, putChatInFront, updateChatLists } from "./use-chats";

export const sharedKeys = {
  all: ["shared"] as const,
  chat: (publicId: string) => [...sharedKeys.all, publicId] as const,
};

const sharedChatOptions = (publicId: string) =>
  queryOptions({
    queryKey: sharedKeys.chat(publicId),
    queryFn: () => readJson(api.api.shared[":publicId"].$get({ param: { publicId } })),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** A shared chat's snapshot, as anyone may read it (none asked for while `publicId` is null). */
export const useSharedChat = (publicId: string | null) =>
  useQuery({ ...sharedChatOptions(publicId ?? ""), enabled: publicId !== null });

/** Shares a chat (or moves its share to the conversation as it is now); the list learns its public id. */
export function useShareChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: { chatId: number; indexable: boolean }) =>
      readJson(api.api.chat.share.$post({ json: share })),
    onSuccess: (shared, { chatId }) => {
      updateChatLists(client, (list) => updateChat(list, chatId, { publicId: shared.publicId }));
      announceChatListChange();
      return client.invalidateQueries({ queryKey: sharedKeys.chat(shared.publicId) });
    },
  });
}

/** Lets search engines list a shared chat or not; its snapshot stays where it is. */
export function useUpdateShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (share: { chatId: number; indexable: boolean }) =>
      readJson(api.api.chat.updateShare.$post({ json: share })),
    // Written into the share's copy at once: the dialog opened again shows the choice, not the copy it read.
    onSuccess: (shared) => {
      client.setQueryData(sharedKeys.chat(shared.publicId), (old) =>
        old ? { ...old, indexable: shared.indexable } : old,
      );
      return client.invalidateQueries({ queryKey: sharedKeys.chat(shared.publicId) });
    },
  });
}

export function useUnshareChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) => readJson(api.api.chat.unshare.$post({ json: { chatId } })),
    onSuccess: (_data, chatId) => {
      updateChatLists(client, (list) => updateChat(list, chatId, { publicId: null }));
      announceChatListChange();
    },
  });
}

export type ForkSource = { publicId: string; messageId?: number } | { chatId: number; messageId?: number };

/**
 * Forks into a new chat of one's own; the caller opens it. It goes to the front of its assistant's list as
 * it stands: reading the lists again would drop the pages the reader had loaded.
 */
export function useForkChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (source: ForkSource) => readJson(api.api.chat.fork.$post({ json: source })),
    onSuccess: ({ chat }) => {
      const summary = toChatSummary(chat);
      if (summary) putChatInFront(client, assistantParamOf(chat.assistantId), summary);
      announceChatListChange();
    },
  });
}
