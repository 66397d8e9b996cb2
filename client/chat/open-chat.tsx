// An open chat: its messages (older ones as the reader scrolls up), the answer streaming live — also after a
// reload, in a second tab or from another device — and the composer with send, stop and retry.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { draftKeyOf } from "../../src/domain/chat/draft-key";
import type { NoticeKey } from "../../src/domain/chat/message-notices";
import { modelOnOffer } from "../../src/domain/chat/model-picker";
import { PageLoading } from "../components/page-loading";
import {
  chatKeys,
  resumeUnfinished,
  useChatMessages,
  useRegenerate,
  useSendMessage,
} from "../hooks/use-chat";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import { ApiError } from "../lib/api";
import { abortHandleOf, isGenerating, useGeneration } from "../state/generation";
import { onGenerationAnnounced } from "../state/generation-channel";
import { failureOf, pendingExchange, withLiveAnswer } from "./chat-view";
import { Composer } from "./composer";
import { ComposerDock } from "./composer-dock";
import type { ViewMessage } from "./message-item";
import { MessageList } from "./message-list";
import { usePickerGroups } from "./use-picker-groups";

export function OpenChat({ chatId, assistantId, user }: { chatId: number; assistantId: string; user: User }) {
  const t = useT("chat");
  const client = useQueryClient();
  const query = useChatMessages(chatId);
  const generation = useGeneration(chatId);
  const send = useSendMessage(chatId, assistantId);
  const regenerate = useRegenerate(chatId);
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<NoticeKey | null>(null);
  const [stopping, setStopping] = useState(false);
  const [followToken, setFollowToken] = useState(0);
  const { messages } = query;
  const lastModel = messages.findLast((m) => m.role === "assistant")?.model ?? null;
  const chatModel = picked ?? query.chat?.model ?? lastModel;
  const groups = usePickerGroups(user, assistantId, chatModel);
  // A chat whose model this deployment no longer offers goes on with one it does.
  const model = picked ?? modelOnOffer(groups, chatModel);

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
    const unsubscribe = onGenerationAnnounced((announcement) => announcement.chatId === chatId && reread());
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      unsubscribe();
    };
  }, [client, chatId]);
  useEffect(() => {
    if (!generation) setStopping(false);
  }, [generation]);

  const sending = send.isPending ? send.variables : null;
  const view = useMemo(() => {
    const list = withLiveAnswer(messages, generation);
    return sending ? [...list, ...pendingExchange(sending)] : list;
  }, [messages, generation, sending]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="chat-screen">
        <div className="empty-state" data-testid="chat-missing">
          <h2>{missing ? t("notFound") : t("notices.network")}</h2>
        </div>
      </div>
    );
  }

  const onSend = async (content: string) => {
    if (!model) return false;
    setFailure(null);
    setFollowToken((n) => n + 1);
    try {
      await send.mutateAsync({ content, model });
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    }
  };
  const onStop = () => {
    const handle = abortHandleOf(chatId);
    if (!handle) return;
    setStopping(true);
    handle.stop().catch((error: unknown) => {
      console.error("Failed to stop the generation", error);
      setStopping(false);
    });
  };
  const onRetry = (message: ViewMessage) => {
    setFailure(null);
    regenerate.mutate(
      { messageId: message.id, model: model ?? undefined },
      { onError: (e) => setFailure(failureOf(e)) },
    );
  };

  return (
    <div className="chat-screen" data-testid="chat-screen" data-generating={Boolean(generation) || undefined}>
      <MessageList
        messages={view}
        hasOlder={query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        onRetry={generation || send.isPending ? undefined : onRetry}
        retryingId={regenerate.isPending ? (regenerate.variables?.messageId ?? null) : null}
        followToken={followToken}
      />
      <ComposerDock user={user} failure={failure}>
        <Composer
          draftKey={draftKeyOf(assistantId, chatId)}
          groups={groups}
          model={model}
          onModelChange={setPicked}
          onSend={onSend}
          generating={Boolean(generation) || send.isPending || regenerate.isPending}
          onStop={onStop}
          stopping={stopping || !generation}
        />
      </ComposerDock>
    </div>
  );
}
