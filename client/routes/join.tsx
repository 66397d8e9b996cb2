// /join?token=…: where a team invitation's mailed link leads. It shows whose team and which plan, then signs
// the invitee in or up (coming back here) and joins; opening the link confirms the invited address.
import { Link, useNavigate, useSearchParams } from "react-router";
import { DEFAULT_CHAT_PATH, SUBSCRIPTION_PATH, TEAM_SETTINGS_PATH } from "../../src/domain/app-routes";
import { INVITATION_TOKEN_PATTERN, sameEmail } from "../../src/domain/team";
import { Alert } from "../components/alert";
import { useVerificationState } from "../hooks/use-account";
import { useAcceptInvitation, useInvitationPreview } from "../hooks/use-team";
import { useSessionUser, useSignOut } from "../hooks/use-user";
import { useT } from "../i18n";
import { ApiError } from "../lib/api";
import { useApiError } from "../lib/use-api-error";
import { notify } from "../state/notifications";
import "./auth.css";

export default function Join() {
  const t = useT("account");
  const errorText = useApiError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("token");
  const token = raw && INVITATION_TOKEN_PATTERN.test(raw) ? raw : null;
  const preview = useInvitationPreview(token);
  const session = useSessionUser();
  const accept = useAcceptInvitation();
  const signOut = useSignOut();
  // Who is signed in: an unverified account's address comes from its verification state.
  const unverified = session.data?.verified === false;
  const verification = useVerificationState(unverified);
  const signedInEmail = session.data?.verified ? session.data.email : (verification.data?.email ?? null);
  const here = `/join?token=${token ?? ""}`;
  const invitation = preview.data;
  // A refusal the invitee can act on links to where they do: their plan, or their own team's members.
  const refusal = accept.error instanceof ApiError ? accept.error.code : null;

  let body: React.ReactNode;
  if (!token) body = <Alert>{t("join.invalid")}</Alert>;
  else if (preview.error) body = <Alert>{errorText(preview.error)}</Alert>;
  else if (!invitation || session.isPending || (unverified && verification.isPending)) {
    body = <div className="card skeleton" aria-busy />;
  } else if (invitation.state !== "pending") {
    body = (
      <Alert>
        {invitation.state === "expired"
          ? t("join.expired")
          : invitation.state === "declined"
            ? t("join.declined", { email: invitation.adminEmail })
            : t("join.used")}
      </Alert>
    );
  } else if (!session.data) {
    body = (
      <div className="team-join-actions">
        <Link className="button large full" to={`/login?mode=signup&redirect=${encodeURIComponent(here)}`}>
          {t("join.signUp")}
        </Link>
        <Link className="button secondary full" to={`/login?redirect=${encodeURIComponent(here)}`}>
          {t("join.signIn")}
        </Link>
      </div>
    );
  } else if (signedInEmail && !sameEmail(signedInEmail, invitation.email)) {
    // Joining can only fail from this account (invitation_wrong_email): offer the way to the invited one.
    body = (
      <>
        <Alert tone="info" testId="join-other-account">
          {t("join.otherAccount", { current: signedInEmail, email: invitation.email })}
        </Alert>
        <Alert>{signOut.error ? errorText(signOut.error) : null}</Alert>
        <button
          type="button"
          className="button large full"
          // aria-disabled while it works, as Join below: a disabled button would drop the focus to the page.
          aria-disabled={signOut.isPending}
          onClick={() => signOut.isPending || signOut.mutate()}
        >
          {t("join.signOut")}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <Alert>{accept.error ? errorText(accept.error) : null}</Alert>
        {refusal === "own_plan_active" ? (
          <p>
            <Link to={SUBSCRIPTION_PATH}>{t("join.ownPlanLink")}</Link>
          </p>
        ) : null}
        {refusal === "team_has_members" ? (
          <p>
            <Link to={TEAM_SETTINGS_PATH}>{t("join.teamLink")}</Link>
          </p>
        ) : null}
        <button
          type="button"
          className="button large full"
          aria-disabled={accept.isPending}
          onClick={() =>
            accept.isPending ||
            accept.mutate(token, {
              // A refusal may have closed the invitation (declined: in another team), which the page then says.
              onError: () => void preview.refetch(),
              onSuccess: () => {
                // Landing in a chat says nothing of the team: the notice does.
                notify({ title: t("join.joined", { email: invitation.adminEmail }), icon: "check" });
                navigate(DEFAULT_CHAT_PATH);
              },
            })
          }
        >
          {accept.isPending ? t("join.joining") : t("join.join")}
        </button>
      </>
    );
  }

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{t("join.title")}</h1>
        {invitation ? (
          <>
            <p className="lead" data-testid="join-team">
              {t("join.text", { email: invitation.adminEmail, plan: t(`plans.${invitation.plan}`) })}
            </p>
            <p className="hint">{t("join.for", { email: invitation.email })}</p>
          </>
        ) : null}
        {body}
      </div>
    </div>
  );
}
