// /app/account/settings/api: API access. The keys themselves come with a later feature; the page says so.
import { Icon } from "../../components/icon";
import { useT } from "../../i18n";

export default function SettingsApi() {
  const t = useT("account");
  return (
    <div className="account-page">
      <h1>{t("api.title")}</h1>
      <p className="lead">{t("api.text")}</p>
      <div className="card empty-state">
        <Icon name="key" size={36} />
        <h2>{t("api.emptyTitle")}</h2>
        <p className="hint">{t("api.emptyText")}</p>
      </div>
    </div>
  );
}
