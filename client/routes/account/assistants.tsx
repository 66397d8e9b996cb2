// /app/assistants: the built-in assistant and the user's own, each to chat with or edit;
// /app/assistants/new and /app/assistants/{id}: the editor; any other action is the SPEC 404.
import { Link, useLocation, useParams } from "react-router";
import { DEFAULT_CHAT_PATH } from "../../../src/domain/app-routes";
import { assistantActionOf, DEFAULT_ASSISTANT_LABEL } from "../../../src/domain/assistants";
import { Alert } from "../../components/alert";
import { AssistantAvatar } from "../../components/assistant-avatar";
import { ErrorScreen } from "../../components/error-screen";
import { Icon } from "../../components/icon";
import { Logo } from "../../components/logo";
import { PageLoading } from "../../components/page-loading";
import { useAssistants } from "../../hooks/use-assistants";
import { useT } from "../../i18n";
import { AssistantEditor } from "./assistant-editor";
import "./assistants.css";

function AssistantsList() {
  const t = useT("account");
  const assistants = useAssistants();
  if (assistants.isPending) return <PageLoading />;
  const list = assistants.data ?? [];
  return (
    <div className="account-page">
      <div className="assistants-heading">
        <h1>{t("assistants.title")}</h1>
        <Link to="/app/assistants/new" className="button">
          {t("assistants.new")}
        </Link>
      </div>
      <p className="lead">{t("assistants.text")}</p>
      {assistants.data === null ? <Alert>{t("assistants.failed")}</Alert> : null}
      <ul className="assistant-cards">
        <li className="card assistant-card">
          <Link to={DEFAULT_CHAT_PATH} className="assistant-card-main">
            <Logo size={36} />
            <span>
              <strong>{DEFAULT_ASSISTANT_LABEL}</strong>
              <span className="hint block">{t("assistants.default")}</span>
            </span>
          </Link>
        </li>
        {list.map((assistant) => (
          <li key={assistant.id} className="card assistant-card" data-testid="assistant-card">
            <Link to={`/app/a/${assistant.id}`} className="assistant-card-main">
              <AssistantAvatar image={assistant.image} prop={assistant.prop} size={36} />
              <span>
                {/* A name of 200 letters without a space: two lines of it, as the description gets. */}
                <strong className="clamp">{assistant.label}</strong>
                {assistant.preprompt ? <span className="hint block clamp">{assistant.preprompt}</span> : null}
              </span>
            </Link>
            <Link
              to={`/app/assistants/${assistant.id}`}
              className="icon-button"
              aria-label={t("assistants.editOne", { label: assistant.label })}
              title={t("assistants.edit")}
            >
              <Icon name="edit" size={18} />
            </Link>
          </li>
        ))}
      </ul>
      {assistants.data && list.length === 0 ? <p className="hint">{t("assistants.empty")}</p> : null}
    </div>
  );
}

export default function Assistants() {
  const t = useT("errors");
  const { action } = useParams();
  const { pathname } = useLocation();
  if (action === undefined) return <AssistantsList />;
  const parsed = assistantActionOf(action);
  if (!parsed) return <ErrorScreen status={404} message={t("paramNotFound", { path: pathname })} />;
  return <AssistantEditor key={action} id={parsed.kind === "edit" ? parsed.id : null} />;
}
