// SPEC §4: when the usage state is important or limited, the chat screen says so above the composer;
// without a plan it says there is none yet (or no longer) and points to the plans. A team member's state is
// the team's: pooled counts against limit × seats, as the server enforces.
import { Link } from "react-router";
import { SUBSCRIPTION_PATH } from "../../src/domain/app-routes";
import { isPaidPlan } from "../../src/domain/plans";
import { usageAlert } from "../../src/domain/usage";
import { Icon } from "../components/icon";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";

export function UsageBanner({ user }: { user: User }) {
  const t = useT("chat");
  if (!isPaidPlan(user.usagePlan)) {
    const ended = user.usagePlan === "unsubscribed";
    return (
      <div className="usage-banner" data-state="no-plan" role="status" data-testid="usage-banner">
        <Icon name="alert" size={16} />
        <span>{ended ? t("usage.ended") : t("usage.noPlan")}</span>
        <Link to={SUBSCRIPTION_PATH}>{t("usage.plans")}</Link>
      </div>
    );
  }
  const alert = usageAlert(user.usagePlan, user.pooledUsageCounts, user.seats);
  if (!alert) return null;
  // The category by name: "at least one category" sent the user to the usage page to learn which.
  const category = t(`quota.categories.${alert.category}`);
  return (
    <div className="usage-banner" data-state={alert.state} role="status" data-testid="usage-banner">
      <Icon name="alert" size={16} />
      <span>{t(alert.state === "limited" ? "usage.limitedIn" : "usage.importantIn", { category })}</span>
      <Link to="/app/account/change_subscription">{t("usage.details")}</Link>
    </div>
  );
}
