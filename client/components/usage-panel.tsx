// Usage per quota category against the plan's limits, and the overall normal / important / limited state
// of SPEC §4. On a team the counts are the team's pooled ones against limit × seats: what the server enforces.
import { Link } from "react-router";
import { SUBSCRIPTION_PATH } from "../../src/domain/app-routes";
import { isPaidPlan } from "../../src/domain/plans";
import { categoryState, quotaLimit, USAGE_CATEGORIES, usageState } from "../../src/domain/usage";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import "./usage-panel.css";

/**
 * `onSeePlans`: on the page that holds the plans (the subscription page), "See the plans" goes to them
 * there; a link to that very page did nothing.
 */
export function UsagePanel({ user, onSeePlans }: { user: User; onSeePlans?: () => void }) {
  const t = useT("account");
  const plan = user.usagePlan;
  if (!isPaidPlan(plan)) return <NoPlanUsage ended={plan === "unsubscribed"} onSeePlans={onSeePlans} />;
  const counts = user.pooledUsageCounts;
  const team = user.isTeamMember || user.seats > 1;
  const state = usageState(plan, counts, user.seats);
  return (
    <section className="card usage" aria-labelledby="usage-title" data-state={state}>
      <header className="usage-header">
        <h2 id="usage-title">{t("usage.title")}</h2>
        <span className={`badge state-${state}`} data-testid="usage-state">
          {t(`usage.states.${state}`)}
        </span>
      </header>
      <p className="hint">{t(`usage.explain.${state}`)}</p>
      {team ? (
        <p className="hint" data-testid="usage-team">
          {t("usage.team", { count: user.seats, seats: user.seats })}
        </p>
      ) : null}
      {isPaidPlan(plan) ? (
        <ul className="usage-list">
          {USAGE_CATEGORIES.map((category) => {
            const used = counts[category];
            const limit = quotaLimit(plan, category, user.seats);
            const own = categoryState(plan, category, used, user.seats);
            const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
            return (
              <li key={category} data-state={own} data-testid={`usage-${category}`}>
                <div className="usage-line">
                  <span>{t(`usage.categories.${category}`)}</span>
                  <span>{t("usage.count", { used, limit })}</span>
                </div>
                {/* The numbers above say it; the bar only shows it. */}
                <div className="meter" aria-hidden="true">
                  <span className="meter-fill" style={{ width: `${ratio * 100}%` }} />
                </div>
                <p className="hint">{t(category === "text" ? "usage.window.hours" : "usage.window.month")}</p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** Nobody has used up anything without a plan: say there is none yet (or no longer) and where plans are. */
function NoPlanUsage({ ended, onSeePlans }: { ended: boolean; onSeePlans?: () => void }) {
  const t = useT("account");
  return (
    <section className="card usage" aria-labelledby="usage-title" data-state="no-plan">
      <header className="usage-header">
        <h2 id="usage-title">{t("usage.title")}</h2>
        <span className="badge" data-testid="usage-state">
          {ended ? t("usage.states.ended") : t("usage.states.noPlan")}
        </span>
      </header>
      <p className="hint">
        {t("usage.explain.noPlan")}{" "}
        {onSeePlans ? (
          <button type="button" className="link-button" onClick={onSeePlans}>
            {t("usage.seePlans")}
          </button>
        ) : (
          <Link to={SUBSCRIPTION_PATH}>{t("usage.seePlans")}</Link>
        )}
      </p>
    </section>
  );
}
