// The plans' monthly/yearly switch, for someone who chooses what they pay (the plan picker leaves it out for a
// team member, whose plan and interval are their admin's): the yearly side says the most it saves.
import { PAID_PLANS } from "../../src/domain/plans";
import { yearlySavingPercent } from "../../src/domain/pricing";
import { useT } from "../i18n";
import "./segmented.css";

const MAX_SAVING = Math.max(...PAID_PLANS.map(yearlySavingPercent));

export function IntervalSwitch({ yearly, onChange }: { yearly: boolean; onChange(yearly: boolean): void }) {
  const t = useT("pricing");
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{t("billing.label")}</legend>
      <label>
        <input type="radio" name="billing" checked={!yearly} onChange={() => onChange(false)} />
        <span>{t("billing.monthly")}</span>
      </label>
      <label>
        <input type="radio" name="billing" checked={yearly} onChange={() => onChange(true)} />
        <span>
          {t("billing.yearly")} <span className="badge">{t("billing.save", { percent: MAX_SAVING })}</span>
        </span>
      </label>
    </fieldset>
  );
}
