// The screen of a chat to come: a greeting, the composer, and the first message shown at once while the
// chat is created; then the open chat takes over.
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { chatPath } from "../../src/domain/chat/chat-list";
import { draftKeyOf } from "../../src/domain/chat/draft-key";
import { initialModel } from "../../src/domain/chat/model-picker";
import type { SendFailure } from "../../src/domain/chat/send-failure";
import type { AttachmentWire } from "../../src/domain/files";
import { Logo } from "../components/logo";
import { useAssistantFiles } from "../hooks/use-assistants";
import { useCreateChat, usePrepareNewChat } from "../hooks/use-chat";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import { usePendingNewMessage } from "../state/generation";
import { failureOf, pendingExchange } from "./chat-view";
import { Composer } from "./composer";
import { ComposerDock } from "./composer-dock";
import { MessageList } from "./message-list";
import { usePickerGroups } from "./use-picker-groups";
import { useStopAnswer } from "./use-stop-answer";

export function NewChat({ assistantId, user }: { assistantId: string; user: User }) {
  const t = useT("chat");
  const navigate = useNavigate();
  const create = useCreateChat();
  usePrepareNewChat();
  const stopAnswer = useStopAnswer();
  const pendingNew = usePendingNewMessage();
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  // Stop pressed while the chat is being made: nothing to stop yet, so it is done as soon as there is.
  const stopAsked = useRef(false);
  const [stopping, setStopping] = useState(false);
  const groups = usePickerGroups(user, assistantId, picked);
  // SPEC §5: the assistant's documents count towards the conversation's 32 MB from its first message.
  const assistantFiles = useAssistantFiles(assistantId);
  const model = picked ?? initialModel(groups);
  // Until the chat page takes over, the message stays on screen. The marker clears as the chat opens, in the
  // mutation's onSuccess, a render before the mutation itself reads as succeeded: still pending, it shows too.
  const pending =
    pendingNew?.assistantId === assistantId
      ? { ...pendingNew, attachments: create.variables?.attachments }
      : create.isSuccess || create.isPending
        ? create.variables
        : null;

  const onSend = async (content: string, attachments: AttachmentWire[]) => {
    if (!model) return false;
    setFailure(null);
    stopAsked.current = false;
    setStopping(false);
    try {
      const created = await create.mutateAsync({ assistantId, model, content, attachments });
      if (stopAsked.current) {
        stopAnswer(created.chat.id);
      }
      navigate(chatPath(assistantId, created.chat.id));
      return true;
    } catch (error) {
      setFailure(failureOf(error));
      return false;
    }
  };

  return (
    <div className="chat-screen" data-testid="chat-screen">
      {pending ? (
        <MessageList
          messages={pendingExchange(pending)}
          hasOlder={false}
          loadingOlder={false}
          onLoadOlder={() => {}}
          followToken={1}
        />
      ) : (
        <div className="chat-hero">
          <Logo size={48} />
          <h2>{t("empty.title")}</h2>
          <p>{t("empty.text")}</p>
        </div>
      )}
      <ComposerDock user={user} failure={failure}>
        <Composer
          draftKey={draftKeyOf(assistantId, null)}
          groups={groups}
          model={model}
          onModelChange={setPicked}
          onSend={onSend}
          generating={create.isPending}
          onStop={() => {
            stopAsked.current = true;
            setStopping(true);
          }}
          stopping={stopping}
          conversationFiles={assistantFiles}
        />
      </ComposerDock>
    </div>
  );
}
