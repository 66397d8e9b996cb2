// /app/account/change_subscription: the current plan and its usage, and the plans to move to.
import { CheckoutNote } from "../../components/checkout-note";
import { PlanPicker } from "../../components/plan-picker";
import { UsagePanel } from "../../components/usage-panel";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";

export default function ChangeSubscription() {
  const t = useT("account");
  const user = useUser();
  if (!user) return null;
  return (
    <div className="account-page">
      <h1>{t("changeSubscription.title")}</h1>
      <p className="lead">
        {t("changeSubscription.current", { plan: t(`plans.${user.usagePlan}`) })}
        {user.isTeamAdmin ? ` ${t("changeSubscription.teamAdmin")}` : ""}
      </p>
      <UsagePanel user={user} />
      <h2 className="section-title">{t("changeSubscription.other")}</h2>
      <PlanPicker currentPlan={user.usagePlan}>
        {({ plan }) => <CheckoutNote ready={plan !== null && plan !== user.usagePlan} />}
      </PlanPicker>
    </div>
  );
}
