// Amounts from the payment provider (smallest units) shown in the reader's currency style.
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../src/domain/money.ts";

// Intl separates the amount from a trailing symbol with a no-break space.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatMoney", () => {
  it("shows cents with the currency's decimals in each locale's style", () => {
    expect(formatMoney(2000, "eur", "en")).toBe("€20.00");
    expect(plain(formatMoney(1999, "eur", "fr"))).toBe("19,99 €");
    expect(plain(formatMoney(1999, "EUR", "de"))).toBe("19,99 €");
    expect(formatMoney(150, "usd", "en")).toBe("$1.50");
  });

  it("knows the currencies Stripe counts in whole units or in thousandths", () => {
    expect(formatMoney(500, "jpy", "en")).toBe("¥500");
    expect(plain(formatMoney(1500, "kwd", "en"))).toBe("KWD 1.500");
  });
});
