// /shared/{chatPublicId}: a publicly shared chat. The conversation itself is rendered with the chat
// screen's components once sharing lands; until then the page says plainly that there is nothing to show.
import { AppLink } from "../components/app-link";
import { useT } from "../i18n";

export default function Shared() {
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
