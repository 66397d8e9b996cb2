// Where paying will happen: online payment comes with the billing work, so say so and offer the contact page.
import { Link } from "react-router";
import { useT } from "../i18n";
import { richText } from "../lib/rich-text";

export function CheckoutNote({ ready }: { ready: boolean }) {
  const t = useT("pricing");
  return (
    <div className="cta-row">
      <button type="button" className="button large" disabled aria-describedby="checkout-note">
        {t("checkout.button")}
      </button>
      <p id="checkout-note" className="hint">
        {richText(ready ? t("checkout.soon") : t("checkout.pick"), {
          contact: (text) => <Link to="/contact">{text}</Link>,
        })}
      </p>
    </div>
  );
}
