// Usage per quota category against the plan's limits, and the overall normal / important / limited state
// of SPEC §4.
import { isPaidPlan } from "../../src/domain/plans";
import { emptyUsageCounts, quotaLimit, USAGE_CATEGORIES, usageState } from "../../src/domain/usage";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import "./usage-panel.css";

export function UsagePanel({ user }: { user: User }) {
  const t = useT("account");
  const plan = user.usagePlan;
  const state = usageState(plan, user.usageCounts);
  return (
    <section className="card usage" aria-labelledby="usage-title" data-state={state}>
      <header className="usage-header">
        <h2 id="usage-title">{t("usage.title")}</h2>
        <span className={`badge state-${state}`} data-testid="usage-state">
          {t(`usage.states.${state}`)}
        </span>
      </header>
      <p className="hint">{isPaidPlan(plan) ? t(`usage.explain.${state}`) : t("usage.explain.noPlan")}</p>
      {isPaidPlan(plan) ? (
        <ul className="usage-list">
          {USAGE_CATEGORIES.map((category) => {
            const used = user.usageCounts[category];
            const limit = quotaLimit(plan, category);
            const own = usageState(plan, { ...emptyUsageCounts(), [category]: used });
            const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
            return (
              <li key={category} data-state={own}>
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
