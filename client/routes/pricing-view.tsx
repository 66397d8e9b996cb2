// /pricing: the plans, monthly or yearly, for one person or a team. A visitor goes on to sign up with the
// choice carried along; a signed-in account without a plan pays at once, one with a plan changes it.
// Shown by the app's route (pricing.tsx) and, on a first visit, by the light entry (pricing-entry.tsx).

import { Suspense } from "react";
import { isPaidPlan } from "../../src/domain/plans";
import { pricingQueryString } from "../../src/domain/pricing";
import { AppLink } from "../components/app-link";
import { CheckoutButton } from "../components/checkout-button";
import { PlanPicker, type PlanSelection } from "../components/plan-picker";
import { useT } from "../i18n";
import type { PlanAddress } from "../lib/plan-address";
import { storePricingSelection } from "../lib/pricing-selection";
import type { SessionUser } from "../lib/session-user";
import "./pricing.css";

function SignUpLink({ selection }: { selection: PlanSelection }) {
  const t = useT("pricing");
  const { plan, query } = selection;
  return (
    <div className="cta-row">
      <AppLink
        to={`/login?mode=signup${pricingQueryString(query).replace("?", "&")}`}
        className="button large"
        onClick={() => storePricingSelection(query)}
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
  return (
    <div className="pricing-page">
      <header className="page-intro">
        <h1>{t("title")}</h1>
        <p className="lead">{t("subtitle")}</p>
      </header>
      <PlanPicker address={address} currentPlan={signedIn ? user.usagePlan : undefined}>
        {(selection) =>
          paying ? (
            <div className="cta-row">
              <AppLink
                to={`/app/account/change_subscription${pricingQueryString(selection.query)}`}
                className="button large"
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
