// /app/assistants and /app/assistants/{action}: the user's assistants, each opening its chat screen.
import { Link } from "react-router";
import { DEFAULT_CHAT_PATH } from "../../../src/domain/app-routes";
import { Alert } from "../../components/alert";
import { Icon } from "../../components/icon";
import { PageLoading } from "../../components/page-loading";
import { useAssistants } from "../../hooks/use-assistants";
import { useT } from "../../i18n";
import { DEFAULT_ASSISTANT_LABEL } from "../../layouts/assistant-layout";
import "./assistants.css";

export default function Assistants() {
  const t = useT("account");
  const assistants = useAssistants();
  if (assistants.isPending) return <PageLoading />;
  const list = assistants.data ?? [];
  return (
    <div className="account-page">
      <h1>{t("assistants.title")}</h1>
      <p className="lead">{t("assistants.text")}</p>
      {assistants.data === null ? <Alert>{t("assistants.failed")}</Alert> : null}
      <ul className="assistant-cards">
        <li>
          <Link to={DEFAULT_CHAT_PATH} className="card assistant-card">
            <img src="/icons/logo.svg" alt="" width={36} height={36} />
            <span>
              <strong>{DEFAULT_ASSISTANT_LABEL}</strong>
              <span className="hint block">{t("assistants.default")}</span>
            </span>
          </Link>
        </li>
        {list.map((assistant) => (
          <li key={assistant.id}>
            <Link to={`/app/a/${assistant.id}`} className="card assistant-card">
              <Icon name="bot" size={36} />
              <span>
                <strong>{assistant.label}</strong>
                {assistant.preprompt ? <span className="hint block clamp">{assistant.preprompt}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.length === 0 ? <p className="hint">{t("assistants.empty")}</p> : null}
    </div>
  );
}
