// /app/account/subscription: for accounts without an active plan (paying ones are sent to the chat): the
// plan to choose, preselected from the address, and the usage the current state allows.
import { CheckoutNote } from "../../components/checkout-note";
import { PlanPicker } from "../../components/plan-picker";
import { UsagePanel } from "../../components/usage-panel";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";

export default function Subscription() {
  const t = useT("account");
  const user = useUser();
  if (!user) return null;
  const ended = user.usagePlan === "unsubscribed";
  return (
    <div className="account-page">
      <h1>{ended ? t("subscription.endedTitle") : t("subscription.title")}</h1>
      <p className="lead">{ended ? t("subscription.endedText") : t("subscription.text")}</p>
      <PlanPicker currentPlan={user.usagePlan}>
        {({ plan }) => <CheckoutNote ready={plan !== null} />}
      </PlanPicker>
      <UsagePanel user={user} />
    </div>
  );
}
