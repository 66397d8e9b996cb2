// The Stripe price of each plan and interval, found by lookup key and made once when missing.
import { amountCode, type PaidPlan, priceLookupKey } from "../domain/billing";
import { CURRENCY } from "../domain/pricing";
import type { Stripe } from "./stripe";

const PRODUCT_NAMES: Readonly<Record<PaidPlan, string>> = {
  starter: "Switchboard Starter",
  standard: "Switchboard Standard",
  expert: "Switchboard Expert",
};

/** Price ids by lookup key, for the life of this isolate (prices never change once made). */
const known = new Map<string, string>();

/**
 * The price of one seat of `plan`, billed monthly or yearly at the SPEC §9 amount. Prices carry a lookup key,
 * so one made in the dashboard with that key is used as it is; a missing one is made with its product (two
 * racing requests may both make one: the lookup key moves to the newest, and either price charges the same).
 */
export async function priceOf(stripe: Stripe, plan: PaidPlan, yearly: boolean): Promise<string> {
  const lookupKey = priceLookupKey(plan, yearly);
  const cached = known.get(lookupKey);
  if (cached) return cached;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  let id = found.data[0]?.id;
  if (!id) {
    const price = await stripe.prices.create({
      currency: CURRENCY.toLowerCase(),
      unit_amount: amountCode(plan, yearly),
      recurring: { interval: yearly ? "year" : "month" },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      product_data: { name: PRODUCT_NAMES[plan], metadata: { plan } },
      metadata: { plan, interval: yearly ? "year" : "month" },
    });
    id = price.id;
  }
  known.set(lookupKey, id);
  return id;
}
