// /app/account/settings/team: the team sharing this subscription. Seat management comes later; admins and
// members see where they stand, others how to start a team.
import { Link } from "react-router";
import { Icon } from "../../components/icon";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";

export default function SettingsTeam() {
  const t = useT("account");
  const user = useUser();
  if (!user) return null;
  return (
    <div className="account-page">
      <h1>{t("team.title")}</h1>
      <p className="lead">{t("team.text")}</p>
      <div className="card empty-state">
        <Icon name="users" size={36} />
        {user.isTeamAdmin ? (
          <>
            <h2>{t("team.adminTitle")}</h2>
            <p className="hint">{t("team.adminText")}</p>
          </>
        ) : (
          <>
            <h2>{t("team.emptyTitle")}</h2>
            <p className="hint">{t("team.emptyText")}</p>
            <Link to="/pricing?users=3&plan=standard" className="button secondary">
              {t("team.plans")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
