// /app/account/settings/team: an admin manages seats, invitations and members; a member sees whose team they
// are in and may leave it; anyone else learns how to start a team.
import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { SUBSCRIPTION_PATH } from "../../../src/domain/app-routes";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
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
  // Asked in the app's own dialog; closing it (Cancel, Escape or Leave) gives the focus back to Leave.
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmLeave = () => {
    dialog.current?.close();
    if (leave.isPending) return;
    // Not mutate's own onSuccess: the refreshed team (role "none") unmounts this card first, and an unmounted
    // caller's callbacks never run, so the member stayed here. The failure is said by leave.error above.
    leave
      .mutateAsync()
      .then(() => navigate(SUBSCRIPTION_PATH))
      .catch(() => {});
  };
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
        onClick={() => leave.isPending || dialog.current?.showModal()}
      >
        {t("team.leave")}
      </button>
      <ConfirmDialog
        ref={dialog}
        id="team-leave"
        title={t("team.leaveTitle")}
        text={t("team.leaveText")}
        cancel={t("team.cancel")}
        confirm={t("team.leaveSubmit")}
        onConfirm={confirmLeave}
      />
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
