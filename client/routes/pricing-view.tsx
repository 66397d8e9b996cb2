// /pricing: the plans, monthly or yearly, for one person or a team. A visitor goes on to sign up with the
// choice carried along; a signed-in account without a plan pays at once, one with a plan changes it, and a
// team member is told that the team's admin manages theirs.
// Shown by the app's route (pricing.tsx) and, on a first visit, by the light entry (pricing-entry.tsx).

import { type MouseEvent, Suspense, useEffect, useState } from "react";
import type { BillingSummary } from "../../src/domain/billing";
import { isPaidPlan } from "../../src/domain/plans";
import { pricingQueryString } from "../../src/domain/pricing";
import { AppLink } from "../components/app-link";
import { CheckoutButton } from "../components/checkout-button";
import { PlanPicker, type PlanSelection } from "../components/plan-picker";
import { useT } from "../i18n";
import { api, readJson } from "../lib/api";
import type { PlanAddress } from "../lib/plan-address";
import { storePricingSelection } from "../lib/pricing-selection";
import type { SessionUser } from "../lib/session-user";
import "./pricing.css";

/** A link that carries the choice on must not carry a seat count being typed: it points at the field instead. */
function holdInvalidSeats(selection: PlanSelection, event: MouseEvent<HTMLAnchorElement>): boolean {
  if (selection.seats !== null) return false;
  event.preventDefault();
  document.getElementById("seats")?.focus();
  return true;
}

/**
 * The subscription as it is, for a paying account: its interval and seats, which the page opens on (SPEC §2's
 * address says neither until the person chooses). `summary` is unknown until read, and stays so if the read
 * fails; `settled` says the read is over either way.
 */
function useCurrentSubscription(paying: boolean): { summary?: BillingSummary; settled: boolean } {
  const [read, setRead] = useState<{ summary?: BillingSummary; settled: boolean }>({ settled: false });
  useEffect(() => {
    if (!paying) return;
    let live = true;
    readJson(api.api.billing.subscription.$get()).then(
      (summary) => {
        if (live) setRead({ summary, settled: true });
      },
      (error: unknown) => {
        console.error("Error while reading the subscription", error);
        if (live) setRead({ settled: true });
      },
    );
    return () => {
      live = false;
    };
  }, [paying]);
  return paying ? read : { settled: false };
}

function SignUpLink({ selection }: { selection: PlanSelection }) {
  const t = useT("pricing");
  const { plan, query } = selection;
  return (
    <div className="cta-row">
      <AppLink
        to={`/login?mode=signup${pricingQueryString(query).replace("?", "&")}`}
        className="button large"
        onClick={(event) => {
          if (!holdInvalidSeats(selection, event)) storePricingSelection(query);
        }}
      >
        {plan ? t("continueWith", { plan: t(`plans.${plan}.name`) }) : t("start")}
      </AppLink>
      <p className="hint">{t("currencyNote")}</p>
    </div>
  );
}

/** `user`: undefined while unknown, null when nobody is signed in. */
export function PricingView({
  user,
  address,
}: {
  user: SessionUser | null | undefined;
  address: PlanAddress;
}) {
  const t = useT("pricing");
  const signedIn = user?.verified === true;
  const paying = signedIn && isPaidPlan(user.usagePlan);
  const { summary: current, settled } = useCurrentSubscription(paying);
  const member = signedIn && user.isTeamMember;
  return (
    <div className="pricing-page">
      <header className="page-intro">
        <h1>{t("title")}</h1>
        {/* Held (its line's place kept) until the visitor is known: a member read after it showed would see the
            visitor's words swapped for theirs. An anonymous visitor is known at once (no request is made). */}
        <p className="lead" data-pending={user === undefined || undefined}>
          {/* A member chooses no plan ("Choose how much you use them" invited them to): the plan their team has is
              marked, and the line under the plans says whose choice it is. A lapsed team's plan is marked nowhere. */}
          {member ? t(paying ? "subtitleMember" : "subtitleMemberNoPlan") : t("subtitle")}
        </p>
      </header>
      <PlanPicker
        address={address}
        // A paying account's plan is marked once its interval is known: not Standard monthly for a yearly Standard.
        // If the subscription cannot be read, the plan is still marked, on either interval.
        currentPlan={signedIn && (!paying || settled) ? user.usagePlan : undefined}
        currentYearly={current?.yearly ?? undefined}
        currentSeats={current?.seats ?? undefined}
        currentPending={paying && !settled}
        // A member's plan is their admin's: there is nothing here they could choose, buy or change (all refused).
        readOnly={member}
      >
        {(selection) =>
          member ? (
            <div className="cta-row" data-testid="team-member-plan">
              <p>{t("teamMember")}</p>
              <AppLink to="/app/account/settings/team" className="button large secondary">
                {t("seeTeam")}
              </AppLink>
            </div>
          ) : paying ? (
            <div className="cta-row">
              <AppLink
                // The change page starts from the subscription's own seats and interval; only what was chosen here
                // (the plan, and seats or interval if touched) is carried.
                to={`/app/account/change_subscription${pricingQueryString(selection.query)}`}
                className="button large"
                onClick={(event) => holdInvalidSeats(selection, event)}
              >
                {t("changePlan")}
              </AppLink>
            </div>
          ) : signedIn ? (
            // Its error texts may still be on their way: the rest of the page does not wait for them.
            <Suspense fallback={null}>
              <CheckoutButton selection={selection} />
            </Suspense>
          ) : (
            <SignUpLink selection={selection} />
          )
        }
      </PlanPicker>
    </div>
  );
}
