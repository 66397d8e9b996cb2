// The current subscription: plan, seats, interval, renewal or cancellation, a failed payment, and billing.
import { Link } from "react-router";
import { TEAM_SETTINGS_PATH } from "../../src/domain/app-routes";
import { mayChangePlan, type BillingSummary as Summary, subscriptionEnded } from "../../src/domain/billing";
import { usePortal } from "../hooks/use-billing";
import { useT } from "../i18n";
import { ApiError } from "../lib/api";
import { useApiError } from "../lib/use-api-error";
import { Alert } from "./alert";
import "./billing.css";

/**
 * `changeLink` is left out on the change page itself. `onChoosePlan` is for a page that shows the plans itself:
 * "Choose a plan" goes to them there instead of to the subscription page.
 */
export function BillingSummary({
  summary,
  changeLink = true,
  onChoosePlan,
}: {
  summary: Summary;
  changeLink?: boolean;
  onChoosePlan?: () => void;
}) {
  const t = useT("account");
  const errorText = useApiError();
  const portal = usePortal();
  // The customer was deleted at Stripe: the summary cannot know it, the portal can. Nothing is left to manage
  // there, so the way on is a new plan, not "try again later".
  const customerGone = portal.error instanceof ApiError && portal.error.code === "billing_account_missing";
  const periodEnd = summary.currentPeriodEnd ? new Date(summary.currentPeriodEnd) : null;
  // From the plan too: a row can end without a provider status (the seed's, one from before the provider).
  const ended = subscriptionEnded(summary);
  return (
    <section className="card billing-summary" aria-labelledby="billing-title" data-testid="billing-summary">
      <header className="usage-header">
        <h2 id="billing-title">{t("billing.title")}</h2>
        <span className="badge" data-testid="billing-plan">
          {t(`plans.${summary.plan}`)}
        </span>
      </header>
      {summary.teamMember ? (
        <>
          <p>{t("billing.member")}</p>
          <p>
            <Link to={TEAM_SETTINGS_PATH}>{t("api.teamLink")}</Link>
          </p>
        </>
      ) : (
        <dl className="facts">
          {summary.seats !== null && !ended ? (
            <>
              <dt>{t("billing.seats")}</dt>
              <dd data-testid="billing-seats">
                {t("billing.seatsUsed", {
                  count: summary.seatsInUse ?? 1,
                  used: summary.seatsInUse ?? 1,
                  seats: summary.seats,
                })}
              </dd>
            </>
          ) : null}
          {summary.yearly !== null ? (
            <>
              <dt>{t("billing.interval")}</dt>
              <dd data-testid="billing-interval">
                {summary.yearly ? t("billing.yearly") : t("billing.monthly")}
              </dd>
            </>
          ) : null}
          {periodEnd && !ended ? (
            <>
              <dt>{summary.cancelAtPeriodEnd ? t("billing.endsOn") : t("billing.renewsOn")}</dt>
              <dd data-testid="billing-period-end">{t("billing.date", { date: periodEnd })}</dd>
            </>
          ) : null}
        </dl>
      )}
      <Alert tone="info" testId="billing-cancellation">
        {summary.cancelAtPeriodEnd && !ended && periodEnd
          ? t("billing.cancelScheduled", { date: periodEnd })
          : ended
            ? summary.canceledAt
              ? t("billing.endedOn", { date: new Date(summary.canceledAt) })
              : t("billing.ended")
            : null}
      </Alert>
      <Alert testId="billing-payment-failed">
        {summary.paymentFailed ? t("billing.paymentFailed") : null}
      </Alert>
      <Alert>{portal.error && !customerGone ? errorText(portal.error) : null}</Alert>
      {customerGone ? (
        <Alert tone="info" testId="billing-account-missing">
          <p>{errorText(portal.error)}</p>
          <p>
            {onChoosePlan ? (
              <button type="button" className="button" onClick={onChoosePlan}>
                {t("billing.choosePlan")}
              </button>
            ) : (
              <Link to="/app/account/subscription" className="button">
                {t("billing.choosePlan")}
              </Link>
            )}
          </p>
        </Alert>
      ) : null}
      {summary.canManage && !customerGone ? (
        <div className="billing-actions">
          <button
            type="button"
            className="button"
            // Until the portal opens (the page leaves for Stripe after success), aria-disabled: a disabled
            // button would drop the focus to the page.
            onClick={() => portal.isPending || portal.isSuccess || portal.mutate()}
            aria-disabled={portal.isPending || portal.isSuccess}
          >
            {t("billing.manage")}
          </button>
          {changeLink && mayChangePlan(summary) ? (
            <Link to="/app/account/change_subscription" className="button secondary">
              {t("billing.change")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
