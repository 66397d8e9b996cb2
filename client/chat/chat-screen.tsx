// The chat screen (/app/a/{assistantId} and /app/a/{assistantId}/c/{chatId}): the conversation, streamed
// live, and the composer. A new chat exists once its first message is sent.
import { useEffect } from "react";
import { useParams } from "react-router";
import { chatIdOf } from "../../src/domain/chat/chat-list";
import { PageLoading } from "../components/page-loading";
import { useUser } from "../hooks/use-user";
import { installCopyHandling } from "../lib/copy";
import { AnswerAnnouncer } from "./answer-announcer";
import { NewChat } from "./new-chat";
import { MissingChat, OpenChat } from "./open-chat";
import "./chat.css";

export default function ChatScreen() {
  const { assistantId = "default", chatId: chatParam } = useParams();
  const user = useUser();
  useEffect(installCopyHandling, []);
  if (!user) return <PageLoading />;
  const chatId = chatIdOf(chatParam);
  // The route let only digits through: these name no chat.
  if (chatParam !== undefined && chatId === null) return <MissingChat />;
  // Around both screens: a new chat's live region stays when its open chat takes over, mid-answer.
  return (
    <AnswerAnnouncer>
      {chatId === null ? (
        <NewChat key={assistantId} assistantId={assistantId} user={user} />
      ) : (
        <OpenChat key={chatId} chatId={chatId} assistantId={assistantId} user={user} />
      )}
    </AnswerAnnouncer>
  );
}
