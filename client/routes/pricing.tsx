// /pricing: the plans, monthly or yearly, for one person or a team; choosing one leads to sign-up with
// the choice carried along.

import { pricingQueryString } from "../../src/domain/pricing";
import { AppLink } from "../components/app-link";
import { PlanPicker } from "../components/plan-picker";
import { useT } from "../i18n";
import { storePricingSelection } from "../lib/pricing-selection";
import "./pricing.css";

export default function Pricing() {
  const t = useT("pricing");
  return (
    <div className="pricing-page">
      <header className="page-intro">
        <h1>{t("title")}</h1>
        <p className="lead">{t("subtitle")}</p>
      </header>
      <PlanPicker>
        {({ plan, query }) => (
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
        )}
      </PlanPicker>
    </div>
  );
}
