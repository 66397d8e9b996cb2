// /app/account/subscription: the plan to choose and pay for (preselected from the address), the wait for the
// payment to be confirmed on the way back from Stripe, then the plan itself with its billing.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DEFAULT_CHAT_PATH, TEAM_SETTINGS_PATH } from "../../../src/domain/app-routes";
import { isPaidPlan } from "../../../src/domain/plans";
import { Alert } from "../../components/alert";
import { BillingSummary } from "../../components/billing-summary";
import { CheckoutButton } from "../../components/checkout-button";
import { PlanPicker } from "../../components/plan-picker";
import { TeamNotice } from "../../components/team-notice";
import { UsagePanel } from "../../components/usage-panel";
import { useBillingSummary } from "../../hooks/use-billing";
import { useRouterAddress } from "../../hooks/use-plan-address";
import { useSessionUser, useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";
import { richText } from "../../lib/rich-text";
import { smoothScroll } from "../../lib/scroll-behavior";

/** How often to ask whether Stripe's webhook has landed after paying: it usually comes within seconds. */
const CONFIRM_POLL_MS = 1_500;
/**
 * After this the page says the confirmation has not come yet (a late or lost webhook, or this address
 * opened again from the history) and what to do, and goes on asking, less often, to show the plan when it
 * lands. "Confirming…" for ever, even after a reload, said nothing true.
 */
const CONFIRM_PATIENCE_MS = 20_000;
const CONFIRM_SLOW_POLL_MS = 10_000;
/** Back from the billing portal: how long to ask for what changed there. */
const PORTAL_PATIENCE_MS = 90_000;

/**
 * True once `active` has lasted longer than `patienceMs`. With a `since` key, counted from when this tab first
 * waited (sessionStorage): a reload of the return address does not make the reader wait the whole time again.
 */
function usePatience(active: boolean, patienceMs: number, since?: string): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!active) {
      if (since) forget(since);
      return;
    }
    const start = since ? startedAt(since) : Date.now();
    const timer = setTimeout(() => setLate(true), Math.max(0, start + patienceMs - Date.now()));
    return () => clearTimeout(timer);
  }, [active, patienceMs, since]);
  return late;
}

/** A wait recorded longer ago than this was another one (a payment abandoned, another tried later). */
const WAIT_MEMORY_MS = 10 * 60_000;

/** When this tab first began waiting under `key`, recorded now if it had not. Storage refused: now. */
function startedAt(key: string): number {
  const now = Date.now();
  try {
    const kept = Number(sessionStorage.getItem(key));
    if (Number.isFinite(kept) && kept > 0 && kept <= now && now - kept < WAIT_MEMORY_MS) return kept;
    sessionStorage.setItem(key, String(now));
  } catch {
    // Without storage, the wait starts again with the page, as it did.
  }
  return now;
}

function forget(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/** The tab's return from Checkout, waiting for the webhook: since when. */
const CHECKOUT_WAIT_KEY = "checkout-confirming-since";

/** The confirmation is late: what is known, that the page keeps watching, and the next steps. */
function ConfirmationLate({ checkedAt, onCheck }: { checkedAt: number; onCheck: () => Promise<unknown> }) {
  const t = useT("account");
  const [checking, setChecking] = useState(false);
  const check = () => {
    if (checking) return;
    setChecking(true);
    void onCheck().finally(() => setChecking(false));
  };
  return (
    <Alert tone="info" testId="payment-confirming">
      <p>{t("billing.confirmingLate")}</p>
      <p>
        {richText(t("billing.confirmingLateNext"), {
          contact: (text) => <Link to="/contact">{text}</Link>,
        })}
      </p>
      <p>
        {/* aria-disabled while checking: a disabled button would drop the focus to the page. */}
        <button type="button" className="button secondary small" onClick={check} aria-disabled={checking}>
          {checking ? t("billing.checking") : t("billing.checkAgain")}
        </button>{" "}
        <span className="hint" data-testid="payment-checked-at">
          {t("billing.lastChecked", { time: new Date(checkedAt) })}
        </span>
      </p>
    </Alert>
  );
}

export default function Subscription() {
  const t = useT("account");
  const user = useUser();
  const [params] = useSearchParams();
  const address = useRouterAddress();
  const paid = user !== null && isPaidPlan(user.usagePlan);
  const returning = params.get("checkout") === "success";
  const waiting = returning && !paid;
  const late = usePatience(waiting, CONFIRM_PATIENCE_MS, CHECKOUT_WAIT_KEY);
  const session = useSessionUser({
    refetchInterval: waiting ? (late ? CONFIRM_SLOW_POLL_MS : CONFIRM_POLL_MS) : false,
  });
  // Back from the billing portal: what changed there arrives with Stripe's webhook, soon after.
  const fromPortal = params.get("billing") === "updated";
  const portalLate = usePatience(fromPortal, PORTAL_PATIENCE_MS);
  const summary = useBillingSummary({ refetchInterval: fromPortal && !portalLate ? CONFIRM_POLL_MS : false });
  const plan = user?.usagePlan;
  const plans = useRef<HTMLDivElement>(null);
  // "Choose a plan" from the billing card, "See the plans" from the usage card: the plans are on this page, so
  // go to them rather than link here again.
  const showPlans = () => {
    plans.current?.scrollIntoView({ behavior: smoothScroll(), block: "start" });
    plans.current?.querySelector<HTMLElement>("input, button")?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (plan) void summary.refetch();
  }, [plan, summary.refetch]);
  if (!user) return null;

  if (paid) {
    return (
      <div className="account-page">
        <h1>{t("billing.pageTitle")}</h1>
        <TeamNotice user={user} />
        {returning ? (
          <Alert tone="success" testId="payment-confirmed">
            <p>{t("billing.confirmed", { plan: t(`plans.${user.usagePlan}`) })}</p>
            <p>
              <Link to={DEFAULT_CHAT_PATH} className="button">
                {t("billing.startChatting")}
              </Link>
            </p>
          </Alert>
        ) : null}
        {summary.data ? (
          <BillingSummary summary={summary.data} />
        ) : (
          <div className="card skeleton" aria-busy />
        )}
        <UsagePanel user={user} />
      </div>
    );
  }

  const ended = user.usagePlan === "unsubscribed";
  // A member whose team's plan is not active: their admin renews it, and a checkout of their own would be
  // refused (409 team_member) until they leave the team. No plans to pick, then: where their team is.
  const member = user.isTeamMember;
  return (
    <div className="account-page">
      <h1>
        {member
          ? t("subscription.teamLapsedTitle")
          : ended
            ? t("subscription.endedTitle")
            : t("subscription.title")}
      </h1>
      <TeamNotice user={user} />
      {waiting ? (
        late ? (
          <ConfirmationLate checkedAt={session.dataUpdatedAt} onCheck={() => session.refetch()} />
        ) : (
          <Alert tone="info" testId="payment-confirming">
            {t("billing.confirming")}
          </Alert>
        )
      ) : (
        // A removed member's account is not new: "Your account is ready" read wrong under the team's notice.
        <p className="lead">
          {member
            ? t("subscription.teamLapsedText")
            : ended
              ? t("subscription.endedText")
              : user.teamNotice
                ? t("subscription.removedText")
                : t("subscription.text")}
        </p>
      )}
      <Alert tone="info" testId="payment-cancelled">
        {params.get("checkout") === "cancelled" ? t("billing.cancelled") : null}
      </Alert>
      {member ? (
        <p>
          <Link to={TEAM_SETTINGS_PATH} className="button" data-testid="team-plan-lapsed">
            {t("api.teamLink")}
          </Link>
        </p>
      ) : (
        <>
          {ended && summary.data ? <BillingSummary summary={summary.data} onChoosePlan={showPlans} /> : null}
          <div ref={plans}>
            <PlanPicker address={address} currentPlan={user.usagePlan}>
              {(selection) => <CheckoutButton selection={selection} />}
            </PlanPicker>
          </div>
        </>
      )}
      {/* A member's usage is the team's, and there is none while its plan is not active. */}
      {member ? null : <UsagePanel user={user} onSeePlans={showPlans} />}
    </div>
  );
}
