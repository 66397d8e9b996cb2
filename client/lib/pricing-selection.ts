// The plan picked on the pricing page, kept for the session so the subscription page can preselect it
// after sign-up and verification (SPEC §2: "carrying the stored query parameters").
import { type PricingQuery, parsePricingQuery, pricingQueryString } from "../../src/domain/pricing";

const KEY = "pricing-selection";

export function storePricingSelection(query: PricingQuery): void {
  try {
    sessionStorage.setItem(KEY, pricingQueryString(query));
  } catch (error) {
    console.error("Failed to keep the pricing selection", error);
  }
}

/** "" or "?users=…&plan=…": only values that still parse. */
export function storedPricingQuery(): string {
  try {
    return pricingQueryString(parsePricingQuery(sessionStorage.getItem(KEY) ?? ""));
  } catch {
    return "";
  }
}
