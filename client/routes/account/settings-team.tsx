// /app/account/settings/team: an admin manages seats, invitations and members; a member sees whose team they
// are in and may leave it; anyone else learns how to start a team.
import { Link, useNavigate } from "react-router";
import { SUBSCRIPTION_PATH } from "../../../src/domain/app-routes";
import { Alert } from "../../components/alert";
import { Icon } from "../../components/icon";
import { TeamAdmin } from "../../components/team-admin";
import { useLeaveTeam, useTeam } from "../../hooks/use-team";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";
import { useApiError } from "../../lib/use-api-error";

function MemberCard({ adminEmail, plan }: { adminEmail: string; plan: string }) {
  const t = useT("account");
  const errorText = useApiError();
  const leave = useLeaveTeam();
  const navigate = useNavigate();
  return (
    <section className="card" aria-labelledby="team-member-title" data-testid="team-member">
      <h2 id="team-member-title">{t("team.memberTitle", { email: adminEmail })}</h2>
      <p className="hint">{t("team.memberText", { plan })}</p>
      <Alert>{leave.error ? errorText(leave.error) : null}</Alert>
      <button
        type="button"
        className="button secondary"
        // aria-disabled while it works: a disabled button would drop the focus to the page.
        aria-disabled={leave.isPending}
        onClick={() => {
          if (leave.isPending) return;
          if (window.confirm(t("team.leaveConfirm")))
            leave.mutate(undefined, { onSuccess: () => navigate(SUBSCRIPTION_PATH) });
        }}
      >
        {t("team.leave")}
      </button>
    </section>
  );
}

export default function SettingsTeam() {
  const t = useT("account");
  const errorText = useApiError();
  const user = useUser();
  const team = useTeam();
  if (!user) return null;
  const view = team.data;
  return (
    <div className="account-page">
      <h1>{t("team.title")}</h1>
      <p className="lead">{t("team.text")}</p>
      {team.isPending ? <div className="card skeleton" aria-busy /> : null}
      <Alert>{team.error ? errorText(team.error) : null}</Alert>
      {view?.role === "admin" ? <TeamAdmin view={view} /> : null}
      {view?.role === "member" ? (
        <MemberCard adminEmail={view.adminEmail} plan={t(`plans.${view.plan}`)} />
      ) : null}
      {view?.role === "none" ? (
        <div className="card empty-state">
          <Icon name="users" size={36} />
          <h2>{t("team.emptyTitle")}</h2>
          <p className="hint">{t("team.emptyText")}</p>
          <Link to="/pricing?users=3&plan=standard" className="button secondary">
            {t("team.plans")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
