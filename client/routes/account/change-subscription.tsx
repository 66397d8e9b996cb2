// /app/account/change_subscription: another plan, interval or number of seats for the live subscription, with
// what it costs today (Stripe's prorated preview) shown before confirming.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  type BillingPreview,
  isSameChoice,
  mayChangePlan,
  type BillingSummary as Summary,
  summarySeatsRefusal,
} from "../../../src/domain/billing";
import { formatMoney } from "../../../src/domain/money";
import { isPaidPlan } from "../../../src/domain/plans";
import { parsePricingQuery } from "../../../src/domain/pricing";
import { Alert } from "../../components/alert";
import { BillingSummary } from "../../components/billing-summary";
import { PlanPicker, type PlanSelection } from "../../components/plan-picker";
import { UsagePanel } from "../../components/usage-panel";
import { useBillingSummary, useChangePlan, usePlanPreview } from "../../hooks/use-billing";
import { useRouterAddress } from "../../hooks/use-plan-address";
import { useUser } from "../../hooks/use-user";
import { useLocale, useT } from "../../i18n";
import { richText } from "../../lib/rich-text";
import { useApiError } from "../../lib/use-api-error";

/**
 * Stripe's credit for a change worth less than what is paid: "Credit for unused seats: €20.00, applied to your
 * next invoice" (or unused time, when the seats stay). Nothing when the change costs more.
 */
function CreditNote({ preview, fewerSeats }: { preview: BillingPreview; fewerSeats: boolean }) {
  const t = useT("account");
  const locale = useLocale();
  if (preview.credit >= 0) return null;
  const amount = formatMoney(-preview.credit, preview.currency, locale);
  return (
    <span data-testid="change-credit">
      {t(fewerSeats ? "billing.creditSeats" : "billing.creditTime", { amount })}
    </span>
  );
}

/**
 * The confirmed change's message takes the focus: the Confirm button that had it is gone, and keyboard and
 * screen-reader users land on what happened (what was charged) rather than at the top of the page.
 */
function ChangeDone({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="change-done" data-testid="change-done-focus">
      {children}
    </div>
  );
}

function ChangeConfirm({ summary, selection }: { summary: Summary; selection: PlanSelection }) {
  const t = useT("account");
  const locale = useLocale();
  const errorText = useApiError();
  const change = useChangePlan();
  // What was confirmed, to say after the change what Stripe charged or credited for it.
  const [confirmed, setConfirmed] = useState<{ preview: BillingPreview; fewerSeats: boolean } | null>(null);
  const { plan, yearly, seats } = selection;
  // The server refuses it too (409 no_change): Stripe's preview of it would be the next renewal's whole invoice.
  const unchanged = plan !== null && seats !== null && isSameChoice(summary, { plan, yearly, seats });
  // The server's own rule on the summary's counts: no preview nor Confirm for a change it would refuse.
  const refusal = seats === null ? null : summarySeatsRefusal(summary, seats);
  // No valid seat count (the field says why): nothing to preview nor confirm.
  const choice = plan && seats !== null && !unchanged && !refusal ? { plan, yearly, seats } : null;
  const preview = usePlanPreview(choice);
  // Only the preview of this very choice: the one kept on screen while the next loads is another choice's, and
  // confirming with it would charge what was not shown (and at its proration date).
  const priced = preview.isPlaceholderData ? undefined : preview.data;
  const fewerSeats = summary.seats !== null && seats !== null && seats < summary.seats;
  if (change.isSuccess && unchanged) {
    return (
      <ChangeDone>
        <Alert tone="success" testId="change-done">
          {t("billing.changed")}
          {confirmed ? (
            <>
              {" "}
              {/* Charged at the proration date the preview was made for, so the preview's amounts are Stripe's. */}
              <span data-testid="change-charged">
                {t("billing.chargedToday", {
                  amount: formatMoney(confirmed.preview.amountDue, confirmed.preview.currency, locale),
                })}
              </span>{" "}
              <CreditNote {...confirmed} />
            </>
          ) : null}
        </Alert>
      </ChangeDone>
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
      {choice && priced ? (
        <p data-testid="change-preview">
          {t("billing.dueToday", {
            amount: formatMoney(priced.amountDue, priced.currency, locale),
          })}{" "}
          <CreditNote preview={priced} fewerSeats={fewerSeats} />{" "}
          <span className="hint">
            {t(yearly ? "billing.thenYearly" : "billing.thenMonthly", {
              amount: formatMoney(priced.nextPeriodAmount, priced.currency, locale),
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
          // Nothing to confirm yet: disabled (the focus is on the plans then). Confirmed: aria-disabled while
          // it works, as a disabled button would drop the focus to the page.
          disabled={!choice || !priced}
          aria-disabled={change.isPending || undefined}
          onClick={() => {
            if (!choice || !priced || change.isPending) return;
            setConfirmed({ preview: priced, fewerSeats });
            change.mutate({ ...choice, prorationDate: priced.prorationDate });
          }}
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

  // Start from the subscription as it is; what the address already says (a plan chosen on /pricing, and seats
  // or an interval if chosen there too) is kept. Filling in only the plan once dropped a team's seats and a
  // yearly interval: Confirm would have sold one monthly seat.
  useEffect(() => {
    if (!current || !isPaidPlan(current.plan) || current.seats === null) return;
    const query = parsePricingQuery(params);
    const missing = {
      plan: query.plan === undefined ? current.plan : null,
      users: query.users === undefined ? String(current.seats) : null,
      yearly: query.yearly === undefined ? String(current.yearly ?? false) : null,
    };
    if (!missing.plan && !missing.users && !missing.yearly) return;
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(missing)) if (value !== null) next.set(name, value);
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
      {/* A member of a team whose plan is not active: their admin renews it (the billing card says where their
          team is); the usage card's "See the plans" would offer a plan a checkout refuses them. */}
      {user.isTeamMember && !isPaidPlan(user.usagePlan) ? null : <UsagePanel user={user} />}
      {current && mayChangePlan(current) ? (
        <>
          <h2 className="section-title">{t("changeSubscription.other")}</h2>
          <PlanPicker
            address={address}
            currentPlan={user.usagePlan}
            currentYearly={current.yearly ?? undefined}
            currentSelectable
          >
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
