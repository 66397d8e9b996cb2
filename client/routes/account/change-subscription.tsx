// /app/account/change_subscription: another plan, interval or number of seats for the live subscription, with
// what it costs today (Stripe's prorated preview) shown before confirming.
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import {
  mayChangePlan,
  type BillingSummary as Summary,
  summarySeatsRefusal,
} from "../../../src/domain/billing";
import { isPaidPlan } from "../../../src/domain/plans";
import { Alert } from "../../components/alert";
import { BillingSummary } from "../../components/billing-summary";
import { PlanPicker, type PlanSelection } from "../../components/plan-picker";
import { UsagePanel } from "../../components/usage-panel";
import { useBillingSummary, useChangePlan, usePlanPreview } from "../../hooks/use-billing";
import { useRouterAddress } from "../../hooks/use-plan-address";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";
import { richText } from "../../lib/rich-text";
import { useApiError } from "../../lib/use-api-error";

function ChangeConfirm({ summary, selection }: { summary: Summary; selection: PlanSelection }) {
  const t = useT("account");
  const tp = useT("pricing");
  const errorText = useApiError();
  const change = useChangePlan();
  const { plan, yearly, seats } = selection;
  const unchanged = plan === summary.plan && yearly === summary.yearly && seats === summary.seats;
  // The server's own rule on the summary's counts: no preview nor Confirm for a change it would refuse.
  const refusal = summarySeatsRefusal(summary, seats);
  const choice = plan && !unchanged && !refusal ? { plan, yearly, seats } : null;
  const preview = usePlanPreview(choice);
  if (change.isSuccess && unchanged) {
    return (
      <Alert tone="success" testId="change-done">
        {t("billing.changed")}
      </Alert>
    );
  }
  return (
    <div className="change-confirm card" data-testid="change-confirm">
      <Alert testId="change-seats-refused">
        {refusal?.code === "seats_below_members"
          ? t("billing.seatsTooFew", { count: refusal.atLeast })
          : refusal?.code === "seats_held_by_invitations"
            ? richText(t("billing.seatsHeld", { count: refusal.atLeast }), {
                team: (text) => <Link to="/app/account/settings/team">{text}</Link>,
              })
            : null}
      </Alert>
      {choice && preview.data ? (
        <p data-testid="change-preview">
          {t("billing.dueToday", { amount: tp("price", { price: preview.data.amountDue / 100 }) })}{" "}
          <span className="hint">
            {t(yearly ? "billing.thenYearly" : "billing.thenMonthly", {
              amount: tp("price", { price: preview.data.nextPeriodAmount / 100 }),
            })}
          </span>
        </p>
      ) : null}
      {choice && summary.cancelAtPeriodEnd ? (
        <p className="hint" data-testid="change-resumes">
          {t("billing.resumes")}
        </p>
      ) : null}
      <Alert>{preview.error ? errorText(preview.error) : null}</Alert>
      <Alert>{change.error ? errorText(change.error) : null}</Alert>
      <div className="cta-row">
        <button
          type="button"
          className="button large"
          disabled={!choice || !preview.data || change.isPending}
          onClick={() => choice && change.mutate({ ...choice, prorationDate: preview.data?.prorationDate })}
        >
          {change.isPending ? t("billing.changing") : t("billing.confirmChange")}
        </button>
        <p className="hint">{unchanged ? t("billing.pickChange") : t("billing.changeHint")}</p>
      </div>
    </div>
  );
}

export default function ChangeSubscription() {
  const t = useT("account");
  const user = useUser();
  const summary = useBillingSummary();
  const [params, setParams] = useSearchParams();
  const address = useRouterAddress();
  const current = summary.data;

  // Start from the subscription as it is, unless the address already says what to change to.
  useEffect(() => {
    if (!current || !isPaidPlan(current.plan) || current.seats === null || params.has("plan")) return;
    const next = new URLSearchParams(params);
    next.set("plan", current.plan);
    next.set("users", String(current.seats));
    next.set("yearly", String(current.yearly ?? false));
    setParams(next, { replace: true });
  }, [current, params, setParams]);

  if (!user) return null;
  return (
    <div className="account-page">
      <h1>{t("changeSubscription.title")}</h1>
      <p className="lead">
        {t("changeSubscription.current", { plan: t(`plans.${user.usagePlan}`) })}
        {user.isTeamAdmin ? ` ${t("changeSubscription.teamAdmin")}` : ""}
      </p>
      {current ? <BillingSummary summary={current} changeLink={false} /> : null}
      <UsagePanel user={user} />
      {current && mayChangePlan(current) ? (
        <>
          <h2 className="section-title">{t("changeSubscription.other")}</h2>
          <PlanPicker address={address} currentPlan={user.usagePlan} currentSelectable>
            {(selection) => <ChangeConfirm summary={current} selection={selection} />}
          </PlanPicker>
        </>
      ) : current && !current.teamMember ? (
        <p>
          <Link to="/app/account/subscription">{t("billing.choosePlan")}</Link>
        </p>
      ) : null}
    </div>
  );
}
