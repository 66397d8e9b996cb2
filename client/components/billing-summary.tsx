// The current subscription: plan, seats, interval, renewal or cancellation, a failed payment, and billing.
import { Link } from "react-router";
import type { BillingSummary as Summary } from "../../src/domain/billing";
import { usePortal } from "../hooks/use-billing";
import { useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);

export function BillingSummary({ summary }: { summary: Summary }) {
  const t = useT("account");
  const errorText = useApiError();
  const portal = usePortal();
  const periodEnd = dateOf(summary.currentPeriodEnd);
  const ended = summary.status === "canceled" || summary.status === "incomplete_expired";
  return (
    <section className="card billing-summary" aria-labelledby="billing-title" data-testid="billing-summary">
      <header className="usage-header">
        <h2 id="billing-title">{t("billing.title")}</h2>
        <span className="badge" data-testid="billing-plan">
          {t(`plans.${summary.plan}`)}
        </span>
      </header>
      {summary.teamMember ? (
        <p>{t("billing.member")}</p>
      ) : (
        <dl className="facts">
          {summary.seats !== null ? (
            <>
              <dt>{t("billing.seats")}</dt>
              <dd data-testid="billing-seats">
                {t("billing.seatsUsed", { used: summary.seatsInUse ?? 1, seats: summary.seats })}
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
      {summary.cancelAtPeriodEnd && !ended && periodEnd ? (
        <p className="alert info" role="status" data-testid="billing-cancellation">
          {t("billing.cancelScheduled", { date: periodEnd })}
        </p>
      ) : null}
      {ended ? (
        <p className="alert info" role="status" data-testid="billing-cancellation">
          {summary.canceledAt
            ? t("billing.endedOn", { date: new Date(summary.canceledAt) })
            : t("billing.ended")}
        </p>
      ) : null}
      {summary.paymentFailed ? (
        <p className="alert error" role="alert" data-testid="billing-payment-failed">
          {t("billing.paymentFailed")}
        </p>
      ) : null}
      {portal.error ? (
        <p className="alert error" role="alert">
          {errorText(portal.error)}
        </p>
      ) : null}
      <div className="cta-row">
        {summary.canManage ? (
          <button
            type="button"
            className="button"
            onClick={() => portal.mutate()}
            disabled={portal.isPending || portal.isSuccess}
          >
            {t("billing.manage")}
          </button>
        ) : null}
        {summary.canManage && !ended ? (
          <Link to="/app/account/change_subscription" className="button secondary">
            {t("billing.change")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
