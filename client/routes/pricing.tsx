// /pricing: the plans, monthly or yearly, for one person or a team. A visitor goes on to sign up with the
// choice carried along; a signed-in account without a plan pays at once, one with a plan changes it.

import { isPaidPlan } from "../../src/domain/plans";
import { pricingQueryString } from "../../src/domain/pricing";
import { AppLink } from "../components/app-link";
import { CheckoutButton } from "../components/checkout-button";
import { PlanPicker, type PlanSelection } from "../components/plan-picker";
import { useSessionUser } from "../hooks/use-user";
import { useT } from "../i18n";
import { storePricingSelection } from "../lib/pricing-selection";
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

export default function Pricing() {
  const t = useT("pricing");
  const { data: user } = useSessionUser();
  const signedIn = user?.verified === true;
  const paying = signedIn && isPaidPlan(user.usagePlan);
  return (
    <div className="pricing-page">
      <header className="page-intro">
        <h1>{t("title")}</h1>
        <p className="lead">{t("subtitle")}</p>
      </header>
      <PlanPicker currentPlan={signedIn ? user.usagePlan : undefined}>
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
            <CheckoutButton selection={selection} />
          ) : (
            <SignUpLink selection={selection} />
          )
        }
      </PlanPicker>
    </div>
  );
}
