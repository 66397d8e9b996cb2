// The three plans with monthly or yearly prices, seats for a team and the detailed comparison. The choice
// lives in the address (users, plan, yearly, seeDetails: SPEC §2), so it can be shared and carried on.
import type { ReactNode } from "react";
import { PAID_PLANS, type PaidPlan, type Plan } from "../../src/domain/plans";
import {
  MAX_SEATS,
  monthlyTotal,
  type PricingQuery,
  parsePricingQuery,
  seatPrice,
  yearlySavingPercent,
} from "../../src/domain/pricing";
import { QUOTAS, USAGE_CATEGORIES } from "../../src/domain/usage";
import { useT } from "../i18n";
import type { PlanAddress } from "../lib/plan-address";
import { Field } from "./field";
import "./segmented.css";
import "./plan-picker.css";

export interface PlanSelection {
  plan: PaidPlan | null;
  yearly: boolean;
  seats: number;
  query: PricingQuery;
}

export function PlanPicker({
  address,
  currentPlan,
  currentSelectable = false,
  children,
}: {
  /** Where the choice is read and written: the router's address, or the light page's (lib/plan-address.ts). */
  address: PlanAddress;
  currentPlan?: Plan;
  /** Changing seats or the interval keeps the plan: then the current plan can be chosen too. */
  currentSelectable?: boolean;
  children: (s: PlanSelection) => ReactNode;
}) {
  const t = useT("pricing");
  const { params } = address;
  const query = parsePricingQuery(params);
  const yearly = query.yearly ?? false;
  const selected = query.plan ?? null;
  const seeDetails = query.seeDetails ?? false;
  const seats = query.team ? query.team.users : 1;

  /** Rewrites the parameters in place; others in the address are kept. */
  const change = (patch: Partial<Record<"users" | "plan" | "yearly" | "seeDetails", string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(patch)) {
      if (value === null || value === undefined) next.delete(name);
      else next.set(name, value);
    }
    address.replace(next);
  };

  const maxSaving = Math.max(...PAID_PLANS.map(yearlySavingPercent));

  return (
    <div className="plan-picker">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t("billing.label")}</legend>
        <label>
          <input type="radio" name="billing" checked={!yearly} onChange={() => change({ yearly: "false" })} />
          <span>{t("billing.monthly")}</span>
        </label>
        <label>
          <input type="radio" name="billing" checked={yearly} onChange={() => change({ yearly: "true" })} />
          <span>
            {t("billing.yearly")} <span className="badge">{t("billing.save", { percent: maxSaving })}</span>
          </span>
        </label>
      </fieldset>

      <div className="plans">
        {PAID_PLANS.map((plan) => (
          <article
            key={plan}
            className="plan-card"
            data-selected={selected === plan}
            data-testid={`plan-${plan}`}
            aria-labelledby={`plan-${plan}-name`}
          >
            <header>
              <h2 id={`plan-${plan}-name`}>{t(`plans.${plan}.name`)}</h2>
              {currentPlan === plan ? <span className="badge current">{t("current")}</span> : null}
              {plan === "standard" && currentPlan !== plan ? (
                <span className="badge">{t("popular")}</span>
              ) : null}
            </header>
            <p className="hint">{t(`plans.${plan}.tagline`)}</p>
            <p className="price">
              <strong>{t("price", { price: seatPrice(plan, yearly) })}</strong>
              <span className="price-unit">{t("perSeatMonth")}</span>
            </p>
            <p className="hint">{yearly ? t("billedYearly") : t("billedMonthly")}</p>
            <ul className="quota-list">
              {USAGE_CATEGORIES.map((category) => (
                <li key={category}>{t(`quota.${category}`, { count: QUOTAS[plan][category] })}</li>
              ))}
              <li>{t("allModels")}</li>
            </ul>
            {currentPlan === plan && !currentSelectable ? (
              <button type="button" className="button full secondary" disabled>
                {t("current")}
              </button>
            ) : (
              <button
                type="button"
                className={`button full ${selected === plan ? "" : "secondary"}`}
                aria-pressed={selected === plan}
                onClick={() => change({ plan })}
              >
                {selected === plan ? t("selected") : t("choose", { plan: t(`plans.${plan}.name`) })}
              </button>
            )}
          </article>
        ))}
      </div>

      <section className="team-box card" aria-labelledby="team-title">
        <h2 id="team-title">{t("team.title")}</h2>
        {query.team ? (
          <>
            <Field
              inline
              id="seats"
              label={t("team.seats")}
              type="number"
              min={1}
              max={MAX_SEATS}
              value={query.team.users}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (Number.isInteger(value) && value >= 1 && value <= MAX_SEATS)
                  change({ users: String(value) });
              }}
            />
            <p data-testid="team-summary">
              {t("team.summary", {
                count: query.team.users,
                plan: t(`plans.${query.team.plan}.name`),
                total: monthlyTotal(query.team.plan, yearly, query.team.users),
              })}
            </p>
          </>
        ) : (
          <>
            <p className="hint">{t("team.text")}</p>
            <button
              type="button"
              className="button secondary"
              onClick={() =>
                change({ users: String(Math.max(2, query.users ?? 2)), plan: selected ?? "standard" })
              }
            >
              {t("team.start")}
            </button>
          </>
        )}
      </section>

      {children({ plan: selected, yearly, seats, query })}

      <section className="details">
        <button
          type="button"
          className="link-button"
          aria-expanded={seeDetails}
          aria-controls="plan-details"
          onClick={() => change({ seeDetails: seeDetails ? null : "true" })}
        >
          {seeDetails ? t("details.hide") : t("details.show")}
        </button>
        {seeDetails ? (
          <div id="plan-details" className="table-scroll">
            <table className="compare">
              <caption className="visually-hidden">{t("details.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("details.category")}</th>
                  {PAID_PLANS.map((plan) => (
                    <th key={plan} scope="col">
                      {t(`plans.${plan}.name`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {USAGE_CATEGORIES.map((category) => (
                  <tr key={category}>
                    <th scope="row">
                      {t(`details.rows.${category}`)}
                      <span className="hint block">{t(`details.windows.${category}`)}</span>
                    </th>
                    {PAID_PLANS.map((plan) => (
                      <td key={plan}>{t("details.number", { value: QUOTAS[plan][category] * seats })}</td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t("details.monthly")}</th>
                  {PAID_PLANS.map((plan) => (
                    <td key={plan}>{t("price", { price: monthlyTotal(plan, yearly, seats) })}</td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
