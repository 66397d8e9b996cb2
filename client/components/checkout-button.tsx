// "Continue to payment": the chosen plan, interval and seats, an optional promotion code, then Stripe Checkout.
import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { useCheckout } from "../hooks/use-billing";
import { useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";
import type { PlanSelection } from "./plan-picker";

export function CheckoutButton({ selection }: { selection: PlanSelection }) {
  const t = useT("pricing");
  const errorText = useApiError();
  const location = useLocation();
  const checkout = useCheckout();
  const [promoOpen, setPromoOpen] = useState(false);
  const [promocode, setPromocode] = useState("");
  const { plan, yearly, seats } = selection;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    // Cancelling at Stripe comes back here with every choice still in the address.
    const here = `${location.pathname}${location.search}`;
    checkout.mutate({
      plan,
      yearly,
      seats,
      promocode: promocode.trim() || undefined,
      cancelPath: here,
      successPath: location.pathname,
    });
  };

  // Leaving for Stripe takes a moment after success: keep the button busy until the page unloads.
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <form className="checkout" onSubmit={submit} aria-describedby="checkout-hint">
      {promoOpen ? (
        <div className="field inline">
          <label htmlFor="promocode">{t("checkout.promoLabel")}</label>
          <input
            id="promocode"
            name="promocode"
            autoComplete="off"
            maxLength={100}
            value={promocode}
            onChange={(event) => setPromocode(event.target.value)}
          />
        </div>
      ) : (
        <button type="button" className="link-button" onClick={() => setPromoOpen(true)}>
          {t("checkout.promoOpen")}
        </button>
      )}
      <div className="cta-row">
        <button type="submit" className="button large" disabled={!plan || busy} aria-busy={busy}>
          {busy ? t("checkout.redirecting") : t("checkout.button")}
        </button>
        <p id="checkout-hint" className="hint">
          {plan ? t("checkout.secure") : t("checkout.pick")}
        </p>
      </div>
      {checkout.error ? (
        <p className="alert error" role="alert">
          {errorText(checkout.error)}
        </p>
      ) : null}
    </form>
  );
}
