// The three plans with monthly or yearly prices, seats for a team and the detailed comparison. The choice
// lives in the address (users, plan, yearly, seeDetails: SPEC §2), so it can be shared and carried on.
// For someone who cannot choose (a team member), it is read-only: prices and quotas, nothing to pick.
import { type ReactNode, useState } from "react";
import { PAID_PLANS, type PaidPlan, type Plan } from "../../src/domain/plans";
import {
  MAX_SEATS,
  monthlyTotal,
  type PricingQuery,
  parsePricingQuery,
  parseSeats,
  seatPrice,
} from "../../src/domain/pricing";
import { QUOTAS, USAGE_CATEGORIES } from "../../src/domain/usage";
import { useT } from "../i18n";
import type { PlanAddress } from "../lib/plan-address";
import { Field } from "./field";
import { IntervalSwitch } from "./interval-switch";
import "./plan-picker.css";

export interface PlanSelection {
  plan: PaidPlan | null;
  yearly: boolean;
  /** Null while the seats field holds no valid count (empty, not whole, out of range): nothing may be priced or bought. */
  seats: number | null;
  query: PricingQuery;
}

export function PlanPicker({
  address,
  currentPlan,
  currentYearly,
  currentSeats,
  currentSelectable = false,
  currentPending = false,
  readOnly = false,
  children,
}: {
  /** Where the choice is read and written: the router's address, or the light page's (lib/plan-address.ts). */
  address: PlanAddress;
  currentPlan?: Plan;
  /**
   * The current plan's interval: the picker opens on it when the address does not say, and "Current plan" marks
   * only that plan on that interval (a yearly Standard is not Standard monthly). Unknown: the plan alone.
   */
  currentYearly?: boolean;
  /** The current subscription's seats: where a team selection starts. */
  currentSeats?: number;
  /** Changing seats or the interval keeps the plan: then the current plan can be chosen too. */
  currentSelectable?: boolean;
  /**
   * The current subscription is being read: its interval is not known yet. Where it decides what shows (the
   * address names none, or the plans are a member's), the prices and the switch keep their place, unseen,
   * until it is — a yearly subscriber saw monthly prices, then yearly ones.
   */
  currentPending?: boolean;
  /**
   * The plans as information, for someone whose plan is chosen by another (a team member): no plan to choose, no
   * seats and no monthly/yearly switch, whatever the address says. The prices are on the current plan's interval
   * (their team's), that plan marked: a switch there read as a billing choice they do not have (checkout and
   * change refuse a member), and on the other interval it took the "Current plan" mark away.
   */
  readOnly?: boolean;
  children: (s: PlanSelection) => ReactNode;
}) {
  const t = useT("pricing");
  const { params } = address;
  const query = parsePricingQuery(params);
  const asked = readOnly ? undefined : query.yearly;
  const yearly = asked ?? currentYearly ?? false;
  const waiting = currentPending && asked === undefined;
  const selected = readOnly ? null : (query.plan ?? null);
  const seeDetails = query.seeDetails ?? false;
  // The field's text as typed: a controlled number field that only takes valid counts cannot be emptied to
  // type another (Backspace on "1" did nothing, so "3" made 13). Null: it shows the address's count.
  const [seatsText, setSeatsText] = useState<string | null>(null);
  const seatsValue = seatsText ?? String(query.team?.users ?? "");
  const typedSeats = query.team && seatsText !== null ? parseSeats(seatsText) : undefined;
  const seats = typedSeats === undefined ? (query.team?.users ?? 1) : typedSeats;
  // What the details table prices while the field is being typed in.
  const shownSeats = readOnly ? 1 : (seats ?? query.team?.users ?? 1);
  const isCurrent = (plan: PaidPlan) =>
    currentPlan === plan && (currentYearly === undefined || currentYearly === yearly);

  /** Rewrites the parameters in place; others in the address are kept. */
  const change = (patch: Partial<Record<"users" | "plan" | "yearly" | "seeDetails", string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(patch)) {
      if (value === null || value === undefined) next.delete(name);
      else next.set(name, value);
    }
    address.replace(next);
  };

  return (
    <div
      className="plan-picker"
      data-interval-pending={waiting || undefined}
      aria-busy={waiting || undefined}
    >
      {readOnly ? null : (
        <IntervalSwitch yearly={yearly} onChange={(value) => change({ yearly: String(value) })} />
      )}

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
              {isCurrent(plan) ? <span className="badge current">{t("current")}</span> : null}
              {plan === "standard" && !isCurrent(plan) ? <span className="badge">{t("popular")}</span> : null}
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
            {readOnly ? null : isCurrent(plan) && !currentSelectable ? (
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

      {readOnly ? null : (
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
                value={seatsValue}
                error={seats === null ? t("team.seatsInvalid", { max: MAX_SEATS }) : undefined}
                onChange={(event) => {
                  setSeatsText(event.target.value);
                  const value = parseSeats(event.target.value);
                  if (value !== null) change({ users: String(value) });
                }}
                // A valid count is in the address now: show it as written there ("007" → "7").
                onBlur={() => {
                  if (seats !== null) setSeatsText(null);
                }}
              />
              {seats === null ? null : (
                <p data-testid="team-summary">
                  {t("team.summary", {
                    count: seats,
                    plan: t(`plans.${query.team.plan}.name`),
                    total: monthlyTotal(query.team.plan, yearly, seats),
                  })}
                </p>
              )}
            </>
          ) : (
            <>
              <p className="hint">{t("team.text")}</p>
              <button
                type="button"
                className="button secondary"
                onClick={() =>
                  change({
                    users: String(Math.max(2, query.users ?? currentSeats ?? 2)),
                    plan: selected ?? "standard",
                  })
                }
              >
                {t("team.start")}
              </button>
            </>
          )}
        </section>
      )}

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
                      {/* A space, not just the line the style breaks: copied or read as text, the label and its
                          window are two words apart, not "messagesevery". */}{" "}
                      <span className="hint block">{t(`details.windows.${category}`)}</span>
                    </th>
                    {PAID_PLANS.map((plan) => (
                      <td key={plan}>
                        {t("details.number", { value: QUOTAS[plan][category] * shownSeats })}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t("details.monthly")}</th>
                  {PAID_PLANS.map((plan) => (
                    <td key={plan}>{t("price", { price: monthlyTotal(plan, yearly, shownSeats) })}</td>
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
