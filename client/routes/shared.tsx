// /shared/{chatPublicId} inside the app (a link followed in the SPA; a visit from outside gets the Worker's
// server-rendered page): the shared conversation, and "Continue this chat" for a signed-in reader.
import { useNavigate, useParams } from "react-router";
import { chatPath } from "../../src/domain/chat/chat-list";
import { MessageItem } from "../chat/message-item";
import { AppLink } from "../components/app-link";
import { PageLoading } from "../components/page-loading";
import { useForkChat, useSharedChat } from "../hooks/use-sharing";
import { useUser } from "../hooks/use-user";
import { useT } from "../i18n";
import "../chat/chat.css";

function Unavailable() {
  const t = useT("app");
  return (
    <div className="narrow-page empty-state">
      <img src="/images/lost-mascot.svg" alt="" width={180} height={150} />
      <h1>{t("shared.title")}</h1>
      <p className="lead">{t("shared.unavailable")}</p>
      <AppLink to="/" className="button large">
        {t("shared.discover")}
      </AppLink>
    </div>
  );
}

export default function Shared() {
  const { chatPublicId = "" } = useParams();
  const t = useT("chat");
  const shared = useSharedChat(chatPublicId);
  const user = useUser();
  const fork = useForkChat();
  const navigate = useNavigate();
  if (shared.isPending) return <PageLoading />;
  if (shared.isError) return <Unavailable />;
  const { title, messages, publicId } = shared.data;
  const continueChat = () =>
    fork.isPending ||
    fork.mutate({ publicId }, { onSuccess: (created) => navigate(chatPath("default", created.chatId)) });
  return (
    <div className="narrow-page shared-chat">
      <h1>{title || t("untitled")}</h1>
      <p className="lead">{t("share.readOnly")}</p>
      <div className="shared-messages">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </div>
      <div className="shared-continue">
        {user ? (
          // aria-disabled while it copies: a disabled button would drop the focus to the page.
          <button
            type="button"
            className="button large"
            onClick={continueChat}
            aria-disabled={fork.isPending}
          >
            {t("share.continue")}
          </button>
        ) : (
          <AppLink
            to={`/login?redirect=${encodeURIComponent(`/shared/${publicId}`)}`}
            className="button large"
          >
            {t("share.signInToContinue")}
          </AppLink>
        )}
        {fork.isError && <p role="alert">{t("share.failed")}</p>}
      </div>
    </div>
  );
}
