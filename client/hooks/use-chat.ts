// One chat's messages (newest page first, older pages on demand) and what a user does in it: send, start a
// new chat, stop, retry. Every answer streams through the generation store and lands in this cache when done.

import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { toChatSummary, updateChat } from "../../src/domain/chat/chat-list";
import type { LiveMessage } from "../../src/domain/chat/generation-state";
import { type MidjourneyActionWire, pressQuestion } from "../../src/domain/chat/midjourney";
import { countCompletion } from "../../src/domain/chat/model-picker";
import { MESSAGE_PAGE_SIZE } from "../../src/domain/chat/paging";
import type { AnswerWire, ChatPageWire, ChatWire } from "../../src/domain/chat/wire";
import type { AttachmentWire } from "../../src/domain/files";
import { ApiError, api, readJson } from "../lib/api";
import { beginGeneration, generationStore, setPendingNewMessage, setSending } from "../state/generation";
import { announceGeneration } from "../state/generation-channel";
import { followGeneration, type StreamCallbacks } from "../state/generation-stream";
import { isStreamLost } from "../state/stream-lost";
import { announceChatListChange, putChatInFront, updateChatLists } from "./use-chats";
import { type SessionUser, userKeys } from "./use-user";

export const chatKeys = {
  all: ["chat"] as const,
  messages: (chatId: number) => [...chatKeys.all, chatId, "messages"] as const,
};

/** One page of a chat, messages oldest first. */
export type ChatPage = ChatPageWire;

type ChatData = InfiniteData<ChatPage, number | null>;

async function fetchChatPage(chatId: number, before: number | null): Promise<ChatPage> {
  const query: { limit: string; before?: string } = { limit: String(MESSAGE_PAGE_SIZE) };
  if (before !== null) query.before = String(before);
  const page = await readJson(api.api.chat[":chatId"].$get({ param: { chatId: String(chatId) }, query }));
  return page;
}

const chatMessagesOptions = (chatId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => fetchChatPage(chatId, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last: ChatPage) => (last.hasMore ? (last.messages[0]?.id ?? null) : null),
    staleTime: 30_000,
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });

export function useChatMessages(chatId: number | null) {
  const query = useInfiniteQuery({ ...chatMessagesOptions(chatId ?? 0), enabled: chatId !== null });
  const messages = useMemo(
    () => (query.data ? query.data.pages.toReversed().flatMap((page) => page.messages) : []),
    [query.data],
  );
  // The fields the open chat reads, not a spread of all of them (see useChatList).
  const { data, isPending, isError, error, isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } =
    query;
  const chat = data?.pages[0]?.chat ?? null;
  return {
    data,
    isPending,
    isError,
    error,
    isSuccess,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    chat,
    messages,
  };
}

/**
 * Starts reading the open chat before the screens that show it have their translations: call it ahead of
 * anything that suspends. Nothing happens when the chat is cached or already on its way.
 */
export function usePrefetchChat(chatId: number | null): void {
  const client = useQueryClient();
  if (chatId !== null && !client.getQueryState(chatKeys.messages(chatId))) {
    void client.prefetchInfiniteQuery(chatMessagesOptions(chatId));
  }
}

function editNewestPage(client: QueryClient, chatId: number, edit: (page: ChatPage) => ChatPage): void {
  client.setQueryData<ChatData>(chatKeys.messages(chatId), (data) => {
    const [first, ...rest] = data?.pages ?? [];
    return data && first ? { ...data, pages: [edit(first), ...rest] } : data;
  });
}

/** A chat moved to another assistant: its open screen must not send the reader back to the old one. */
export function setChatAssistant(client: QueryClient, chatId: number, assistantId: number | null): void {
  editNewestPage(client, chatId, (page) => ({ ...page, chat: { ...page.chat, assistantId } }));
}

function appendMessages(client: QueryClient, chatId: number, added: (LiveMessage | null)[]): void {
  const fresh = added.filter((m): m is LiveMessage => m !== null);
  editNewestPage(client, chatId, (page) => ({
    ...page,
    messages: [...page.messages.filter((m) => !fresh.some((f) => f.id === m.id)), ...fresh],
  }));
}

function replaceMessage(client: QueryClient, chatId: number, message: LiveMessage): void {
  client.setQueryData<ChatData>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) => (m.id === message.id ? message : m)),
          })),
        }
      : data,
  );
}

function removeMessagesFrom(client: QueryClient, chatId: number, fromId: number): void {
  client.setQueryData<ChatData>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.filter((m) => m.id < fromId),
          })),
        }
      : data,
  );
}

/** What the stream tells the rest of the app: titles to the lists, finished answers to the caches. */
export function streamCallbacks(client: QueryClient): StreamCallbacks {
  return {
    onTitle(chatId, title) {
      updateChatLists(client, (list) => updateChat(list, chatId, { title }));
      announceChatListChange();
      editNewestPage(client, chatId, (page) => ({ ...page, chat: { ...page.chat, title } }));
    },
    onFinished(chatId, message) {
      replaceMessage(client, chatId, message);
      // SPEC §4: the category count goes up at once; the server's counts follow.
      if (message.metadata.outcome !== "error") {
        client.setQueryData<SessionUser | null>(userKeys.session(), (user) =>
          user?.verified
            ? {
                ...user,
                usageCounts: countCompletion(user.usageCounts, message.model),
                pooledUsageCounts: countCompletion(user.pooledUsageCounts, message.model),
              }
            : user,
        );
      }
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
    onLost(chatId) {
      void client.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
    },
  };
}

/** Puts an answer that just started into the store and follows its stream (sent at `sentAt`, for TTFT). */
function follow(client: QueryClient, chatId: number, answer: AnswerWire, sentAt?: number): void {
  beginGeneration({ chatId, userMessage: answer.userMessage, modelMessage: answer.modelMessage });
  followGeneration(chatId, streamCallbacks(client), { sentAt });
  announceGeneration({ chatId, modelMessageId: answer.modelMessage.id });
}

/**
 * After a reload, in a second tab, or when another device started an answer: an unfinished last answer is
 * built from the live stream alone (a fresh connection replays it from its first event).
 */
export function resumeUnfinished(
  client: QueryClient,
  chatId: number,
  messages: readonly LiveMessage[],
): void {
  const last = messages.at(-1);
  if (last?.role !== "assistant" || last.metadata.done !== false) return;
  // Already followed here, or its stream is known to have nothing more: "Response could not be saved".
  if (generationStore.get().byChat[chatId] || isStreamLost(last.id)) return;
  const previous = messages.at(-2);
  beginGeneration({
    chatId,
    userMessage: previous?.role === "user" ? previous : null,
    modelMessage: { ...last, content: "" },
  });
  followGeneration(chatId, streamCallbacks(client), { resumed: true });
}

function bumpChat(client: QueryClient, assistantId: string, chat: ChatWire): void {
  const summary = toChatSummary({ ...chat, updatedAt: new Date().toISOString() });
  if (summary) putChatInFront(client, assistantId, summary);
  announceChatListChange();
}

export function useSendMessage(chatId: number, assistantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      content,
      model,
      attachments = [],
      midjourneyAction,
    }: {
      content: string;
      model: string;
      /** Uploaded files to send with the message (shown at once, sent as their ids). */
      attachments?: AttachmentWire[];
      /** A Midjourney button pressed under a grid: the whole question (the grid's model answers it). */
      midjourneyAction?: MidjourneyActionWire;
    }) =>
      readJson(
        api.api.chat.send.$post({
          json: midjourneyAction
            ? { chatId, content: "", midjourneyAction }
            : { chatId, content, model, attachmentIds: attachments.map((a) => a.id) },
        }),
      ),
    onMutate: ({ content, model, attachments, midjourneyAction }) => {
      const shown = midjourneyAction ? pressQuestion(midjourneyAction.choice) : content;
      setSending(chatId, { content: shown, model, attachments });
      return performance.now();
    },
    // follow() begins the generation, which replaces the pending send in the same store update: the
    // mutation is still pending for a moment after this, and the view must not show both.
    onSuccess: (answer, _input, sentAt) => {
      appendMessages(client, chatId, [answer.userMessage, answer.modelMessage]);
      const chat = client.getQueryData<ChatData>(chatKeys.messages(chatId))?.pages[0]?.chat;
      if (chat) bumpChat(client, assistantId, { ...chat, model: answer.modelMessage.model ?? chat.model });
      follow(client, chatId, answer, sentAt);
    },
    onError: () => setSending(chatId, null),
  });
}

export function useRegenerate(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ model }: { model?: string; messageId: number }) =>
      readJson(api.api.chat.regenerate.$post({ json: { chatId, model } })),
    onMutate: () => performance.now(),
    onSuccess: (answer, { messageId }, sentAt) => {
      // The server replaced the answer: the old one goes, the new one streams in its place.
      removeMessagesFrom(client, chatId, messageId);
      appendMessages(client, chatId, [answer.modelMessage]);
      follow(client, chatId, answer, sentAt);
    },
  });
}

/** The last question asked again with new words: it and what followed go, the new exchange streams in. */
export function useEditMessage(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      messageId: number;
      content: string;
      model: string;
      attachmentIds?: string[];
    }) => readJson(api.api.chat.edit.$post({ json: { chatId, ...body } })),
    onSuccess: (answer, { messageId }) => {
      removeMessagesFrom(client, chatId, messageId);
      appendMessages(client, chatId, [answer.userMessage, answer.modelMessage]);
      follow(client, chatId, answer);
    },
  });
}

export function useCreateChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      attachments = [],
      ...input
    }: {
      assistantId: string;
      model: string;
      content: string;
      attachments?: AttachmentWire[];
    }) =>
      readJson(api.api.chat.new.$post({ json: { ...input, attachmentIds: attachments.map((a) => a.id) } })),
    onMutate: ({ assistantId, model, content }) => {
      setPendingNewMessage({ assistantId, model, content });
      return performance.now();
    },
    onSuccess: (created, { assistantId }, sentAt) => {
      const { chat } = created;
      const page: ChatPage = {
        chat,
        messages: [created.userMessage, created.modelMessage].filter((m): m is LiveMessage => m !== null),
        hasMore: false,
      };
      client.setQueryData<ChatData>(chatKeys.messages(chat.id), { pages: [page], pageParams: [null] });
      bumpChat(client, assistantId, chat);
      follow(client, chat.id, created, sentAt);
      setPendingNewMessage(null);
    },
    onError: () => setPendingNewMessage(null),
  });
}

/**
 * The next new chat made ready while its screen is open (POST /api/chat/prepare reserves its id and has the
 * server make its object), so that its first message finds the object there. Nothing to show: a failure only
 * loses that head start.
 */
export function usePrepareNewChat(): void {
  useEffect(() => {
    api.api.chat.prepare.$post().catch(() => {});
  }, []);
}
