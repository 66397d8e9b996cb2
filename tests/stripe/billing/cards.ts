// Stripe's test card numbers: which succeed, which decline and with what decline code.
import { DECLINES, type Decline, declineFor } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Card } from "../state.ts";

/** Card numbers that decline, as in Stripe's testing docs. */
export const DECLINING_CARDS: Record<string, string> = {
  "4000000000000002": "generic_decline",
  "4000000000009995": "insufficient_funds",
  "4000000000009987": "lost_card",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^5[1-5]|^2[2-7]/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "unknown";
}

export type CardResult =
  | { ok: true; card: Card }
  | { ok: false; decline: Decline; field: "number" | "expiry" | "cvc" };

/** Reads what a person typed on the hosted page, like Stripe's test mode does. */
export function readCard(number: string, expiry: string, cvc: string, now: number): CardResult {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return {
      ok: false,
      field: "number",
      decline: {
        code: "incorrect_number",
        declineCode: "incorrect_number",
        message: "Your card number is invalid.",
      },
    };
  }
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = Number(match?.[1]);
  const year = match ? Number(match[2]) + ((match[2] as string).length === 2 ? 2000 : 0) : 0;
  const today = new Date(now * 1000);
  const expired =
    year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (!match || month < 1 || month > 12 || expired) {
    return { ok: false, field: "expiry", decline: DECLINES.expired_card as Decline };
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) {
    return {
      ok: false,
      field: "cvc",
      decline: {
        code: "invalid_cvc",
        declineCode: "invalid_cvc",
        message: "Your card's security code is invalid.",
      },
    };
  }
  const declineCode = DECLINING_CARDS[digits];
  if (declineCode) return { ok: false, field: "number", decline: declineFor(declineCode) };
  return {
    ok: true,
    card: {
      paymentMethod: newId("pm"),
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: month,
      expYear: year,
    },
  };
}
