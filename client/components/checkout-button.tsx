// "Continue to payment": the chosen plan, interval and seats, an optional promotion code, then Stripe Checkout.
import { type FormEvent, useState } from "react";
import { PROMOTION_CODE_MAX_LENGTH } from "../../src/domain/billing";
import { splitLocalePath } from "../../src/domain/locale-routing";
import { useCheckout } from "../hooks/use-checkout";
import { useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";
import { Alert } from "./alert";
import { Field } from "./field";
import type { PlanSelection } from "./plan-picker";
import "./billing.css";

export function CheckoutButton({ selection }: { selection: PlanSelection }) {
  const t = useT("pricing");
  const errorText = useApiError();
  const checkout = useCheckout();
  const [promoOpen, setPromoOpen] = useState(false);
  const [promocode, setPromocode] = useState("");
  const { plan, yearly, seats } = selection;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!plan || busy) return;
    // The seats field says what is wrong with its text: take the person there rather than pay for another count.
    if (seats === null) {
      document.getElementById("seats")?.focus();
      return;
    }
    // Cancelling at Stripe comes back here with every choice still in the address (without the locale
    // prefix, as the router would say; with or without the router).
    const { path } = splitLocalePath(location.pathname);
    checkout.mutate({
      plan,
      yearly,
      seats,
      promocode: promocode.trim() || undefined,
      cancelPath: `${path}${location.search}`,
      successPath: path,
    });
  };

  // Leaving for Stripe takes a moment after success: the button stays busy until the page unloads.
  const busy = checkout.isPending || checkout.isSuccess;
  const promoError = checkout.error ? errorText(checkout.error) : null;
  return (
    <form className="checkout" onSubmit={submit}>
      {promoOpen ? (
        <Field
          id="promocode"
          name="promocode"
          label={t("checkout.promoLabel")}
          autoComplete="off"
          maxLength={PROMOTION_CODE_MAX_LENGTH}
          value={promocode}
          onChange={(event) => setPromocode(event.target.value)}
        />
      ) : (
        <div>
          <button type="button" className="link-button" onClick={() => setPromoOpen(true)}>
            {t("checkout.promoOpen")}
          </button>
        </div>
      )}
      <Alert>{promoError}</Alert>
      <div className="cta-row">
        <button
          type="submit"
          className="button large"
          // No plan yet: disabled (the focus is on the plans then). Busy: aria-disabled, as a disabled button
          // would drop the focus to the page.
          disabled={!plan}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          aria-describedby="checkout-hint"
        >
          {busy ? t("checkout.redirecting") : t("checkout.button")}
        </button>
        <p id="checkout-hint" className="hint">
          {plan ? t("checkout.secure") : t("checkout.pick")}
        </p>
      </div>
    </form>
  );
}
