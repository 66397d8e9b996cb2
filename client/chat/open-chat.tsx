// An open chat: its messages (older ones as the reader scrolls up), the answer streaming live — also after a
// reload, in a second tab or from another device — and the composer with send, stop and retry.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { assistantParamOf, chatPath } from "../../src/domain/chat/chat-list";
import { draftKeyOf } from "../../src/domain/chat/draft-key";
import type { GridChoice } from "../../src/domain/chat/midjourney";
import { modelOnOffer } from "../../src/domain/chat/model-picker";
import type { SendFailure } from "../../src/domain/chat/send-failure";
import type { AttachmentWire } from "../../src/domain/files";
import { PageLoading } from "../components/page-loading";
import { useAssistantFiles } from "../hooks/use-assistants";
import {
  chatKeys,
  resumeUnfinished,
  useChatMessages,
  useEditMessage,
  useRegenerate,
  useSendMessage,
} from "../hooks/use-chat";
import { useForkChat } from "../hooks/use-sharing";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import { ApiError } from "../lib/api";
import { removeBootShell } from "../lib/boot-shell";
import { isGenerating, useGeneration, usePendingSend } from "../state/generation";
import { onGenerationAnnounced } from "../state/generation-channel";
import { setJumpToMessageId, useQuickSearch } from "../state/quick-search";
import { openChatFailureOf, pendingExchange, withLiveAnswer } from "./chat-view";
import { Composer } from "./composer";
import { ComposerDock } from "./composer-dock";
import { preloadMarkdown } from "./markdown/lazy-markdown";
import type { ViewMessage } from "./message-item";
import { MessageList } from "./message-list";
import { usePickerGroups } from "./use-picker-groups";
import { useStopAnswer } from "./use-stop-answer";

export function OpenChat({ chatId, assistantId, user }: { chatId: number; assistantId: string; user: User }) {
  const t = useT("chat");
  const client = useQueryClient();
  const query = useChatMessages(chatId);
  const generation = useGeneration(chatId);
  const send = useSendMessage(chatId, assistantId);
  const regenerate = useRegenerate(chatId);
  const fork = useForkChat();
  const stopAnswer = useStopAnswer();
  const navigate = useNavigate();
  const edit = useEditMessage(chatId);
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [followToken, setFollowToken] = useState(0);
  // Asked from the composer's documents-total problem: the last question's editor opens.
  const [editToken, setEditToken] = useState(0);
  const { messages } = query;
  const lastModel = messages.findLast((m) => m.role === "assistant")?.model ?? null;
  const chatModel = picked ?? query.chat?.model ?? lastModel;
  const groups = usePickerGroups(user, assistantId, chatModel);
  // A chat whose model this deployment no longer offers goes on with one it does.
  const model = picked ?? modelOnOffer(groups, chatModel);

  // A chat opened under another assistant's address (an old link, a chat moved since) goes to its own: the
  // screen around it names the assistant of the address.
  const home = query.chat ? assistantParamOf(query.chat.assistantId) : null;
  useEffect(() => {
    if (home !== null && home !== assistantId) navigate(chatPath(home, chatId), { replace: true });
  }, [home, assistantId, chatId, navigate]);

  // An unfinished answer (reload, second tab, another device) is followed live.
  useEffect(() => {
    if (messages.length > 0) resumeUnfinished(client, chatId, messages);
  }, [client, chatId, messages]);
  useEffect(() => {
    const reread = () => {
      if (!isGenerating(chatId)) void client.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
    };
    const onVisible = () => document.visibilityState === "visible" && reread();
    document.addEventListener("visibilitychange", onVisible);
    const unsubscribe = onGenerationAnnounced((announcement) => {
      if (announcement.chatId !== chatId) return;
      // An answer another tab asked for is coming: a page whose answers came typeset in its first frame, and
      // that had no input since, has no renderer yet, and would show the answer's raw markdown meanwhile.
      preloadMarkdown();
      reread();
    });
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      unsubscribe();
    };
  }, [client, chatId]);
  // An answer being written here (a resumed one too) is rendered as it comes: the renderer is asked for now.
  const live = generation !== undefined;
  useEffect(() => {
    if (live) preloadMarkdown();
  }, [live]);

  // A message opened from quick search: older pages load until it is among them (the list then scrolls to
  // it); a message this chat does not have (deleted since) just clears the request.
  const jump = useQuickSearch();
  const jumpTo = jump.jumpChatId === chatId ? jump.jumpToMessageId : null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess } = query;
  useEffect(() => {
    if (jumpTo === null || !isSuccess || messages.some((m) => m.id === jumpTo)) return;
    if (!hasNextPage) setJumpToMessageId(null);
    else if (!isFetchingNextPage) void fetchNextPage();
  }, [jumpTo, isSuccess, messages, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sending = usePendingSend(chatId);
  // SPEC §5: the documents already in this conversation (its messages and its assistant) count towards its 32 MB.
  const assistantFiles = useAssistantFiles(assistantId);
  const conversationFiles = useMemo(
    () => [...assistantFiles, ...messages.flatMap((m) => m.attachments ?? [])],
    [assistantFiles, messages],
  );
  const view = useMemo(() => {
    const list = withLiveAnswer(messages, generation);
    return sending ? [...list, ...pendingExchange(sending)] : list;
  }, [messages, generation, sending]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <ChatUnavailable title={missing ? t("notFound") : t("notices.network")} />;
  }

  const onSend = async (content: string, attachments: AttachmentWire[]) => {
    if (!model) return false;
    setFailure(null);
    setFollowToken((n) => n + 1);
    try {
      await send.mutateAsync({ content, model, attachments });
      return true;
    } catch (error) {
      setFailure(openChatFailureOf(error));
      return false;
    }
  };
  const onStop = () => stopAnswer(chatId);
  const onEdit = async (message: ViewMessage, content: string, keptFileIds: string[]) => {
    if (!model) return false;
    setFailure(null);
    setFollowToken((n) => n + 1);
    try {
      // The files the question keeps are named only when it has any: naming none would drop them all.
      const attachmentIds = message.attachments?.length ? keptFileIds : undefined;
      await edit.mutateAsync({ messageId: message.id, content, model, attachmentIds });
      return true;
    } catch (error) {
      setFailure(openChatFailureOf(error));
      return false;
    }
  };
  // Midjourney's buttons under a grid: a new exchange whose answer, by the grid's model, is that picture
  // upscaled (U1–U4) or a new grid of its variations (V1–V4).
  const onPressChoice = async (message: ViewMessage, choice: GridChoice) => {
    setFailure(null);
    setFollowToken((n) => n + 1);
    try {
      await send.mutateAsync({
        content: "",
        model: message.model ?? model ?? "",
        midjourneyAction: { messageId: message.id, choice },
      });
    } catch (error) {
      setFailure(openChatFailureOf(error));
    }
  };
  const onRetry = (message: ViewMessage) => {
    setFailure(null);
    regenerate.mutate(
      { messageId: message.id, model: model ?? undefined },
      { onError: (e) => setFailure(openChatFailureOf(e)) },
    );
  };

  // The branch opens at once, with its composer ready; it stays under this chat's assistant.
  const onBranch = (message: ViewMessage) => {
    fork.mutate(
      { chatId, messageId: message.id },
      {
        onSuccess: (created) => navigate(chatPath(assistantId, created.chatId)),
        onError: (e) => setFailure(openChatFailureOf(e)),
      },
    );
  };
  const busy = Boolean(generation) || send.isPending || regenerate.isPending || edit.isPending;

  return (
    <div className="chat-screen" data-testid="chat-screen" data-generating={Boolean(generation) || undefined}>
      <MessageList
        messages={view}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        onRetry={generation || send.isPending || edit.isPending ? undefined : onRetry}
        onBranch={fork.isPending ? undefined : onBranch}
        retryingId={regenerate.isPending ? (regenerate.variables?.messageId ?? null) : null}
        retryModel={model}
        onPressChoice={busy ? undefined : onPressChoice}
        onEdit={busy ? undefined : onEdit}
        followToken={followToken}
        editToken={editToken}
        jumpTo={jumpTo}
        onJumped={() => setJumpToMessageId(null)}
      />
      <ComposerDock user={user} failure={failure}>
        <Composer
          draftKey={draftKeyOf(assistantId, chatId)}
          groups={groups}
          model={model}
          onModelChange={setPicked}
          onSend={onSend}
          conversationFiles={conversationFiles}
          onEditLastQuestion={
            busy || !view.some((m) => m.role === "user") ? undefined : () => setEditToken((n) => n + 1)
          }
          generating={busy}
          onStop={onStop}
          stopping={!generation || generation.stopping === true}
        />
      </ComposerDock>
    </div>
  );
}

/** An address no chat can have (an id past what a number holds exactly): not found, without asking the API. */
export function MissingChat() {
  const t = useT("chat");
  return <ChatUnavailable title={t("notFound")} />;
}

/** A chat that could not be read: the first frame (if it showed one) gives way to this. */
function ChatUnavailable({ title }: { title: string }) {
  useLayoutEffect(() => removeBootShell(), []);
  return (
    <div className="chat-screen">
      <div className="empty-state" data-testid="chat-missing">
        <h2>{title}</h2>
      </div>
    </div>
  );
}
