// In place of the API keys page's create form for an account without a paid plan: keys come with one.
import type { Ref } from "react";
import { Link } from "react-router";
import { SUBSCRIPTION_PATH, TEAM_SETTINGS_PATH } from "../../src/domain/app-routes";
import type { Plan } from "../../src/domain/plans";
import { useT } from "../i18n";
import "./api-keys.css";

/**
 * Why no key can be made, and where to go: the plans (none yet, or one that ended), or the team page for a
 * member whose team's plan is not active (their admin renews it, not them). A Create button here would only
 * earn a refusal.
 */
export function ApiKeyPlanNotice({
  plan,
  teamMember,
  linkRef,
}: {
  plan: Plan;
  teamMember: boolean;
  /** The link: where the focus goes when the last key is revoked, with no form to make another. */
  linkRef?: Ref<HTMLAnchorElement>;
}) {
  const t = useT("account");
  const text = teamMember
    ? t("api.planTeam")
    : plan === "unsubscribed"
      ? t("api.planEnded")
      : t("api.planNone");
  return (
    <section className="card api-key-plan" aria-labelledby="api-key-plan-title" data-testid="api-key-plan">
      <h2 id="api-key-plan-title">{t("api.planTitle")}</h2>
      <p className="hint">{text}</p>
      {teamMember ? (
        <Link ref={linkRef} to={TEAM_SETTINGS_PATH} className="button secondary">
          {t("api.teamLink")}
        </Link>
      ) : (
        <Link ref={linkRef} to={SUBSCRIPTION_PATH} className="button">
          {t("api.seePlans")}
        </Link>
      )}
    </section>
  );
}
