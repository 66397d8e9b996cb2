// Starting to pay: a Stripe Checkout session for a plan, an interval and seats, and the Customer Portal.
import type { Database } from "../db/client";
import { forgetCustomer, type SubscriptionRow } from "../db/subscriptions";
import { hasEnded, type PaidPlan } from "../domain/billing";
import { isMemberRow } from "../domain/team";
import { AppError } from "../errors";
import { priceOf } from "./prices";
import { isMissingCustomer, type Stripe } from "./stripe";

export interface CheckoutRequest {
  userId: number;
  email: string;
  plan: PaidPlan;
  yearly: boolean;
  seats: number;
  promocode?: string;
  /** The user's current row, if any: its customer is reused, and a live subscription refuses a second one. */
  row: SubscriptionRow | null;
  successUrl: string;
  cancelUrl: string;
  /** The language of Stripe's page (`stripePageLocaleOf`). */
  locale: Stripe.Checkout.SessionCreateParams.Locale;
}

const promotionCodeInvalid = () =>
  new AppError(400, "promotion_code_invalid", "This promotion code is not valid.", {
    details: [{ path: "promocode", message: "not a valid promotion code" }],
  });

/** The active promotion code of that name, or a 400 naming the field. */
async function promotionCodeId(stripe: Stripe, code: string): Promise<string> {
  const found = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
  const promotion = found.data[0];
  if (!promotion) throw promotionCodeInvalid();
  return promotion.id;
}

/** Refuses a checkout the account must not make: a member's, or a second live subscription. */
export function assertMayCheckout(row: SubscriptionRow | null, userId: number): void {
  if (isMemberRow(row, userId)) {
    throw new AppError(
      409,
      "team_member",
      "Your plan comes with your team. Leave the team to buy a plan of your own.",
    );
  }
  if (row && !hasEnded(row.status) && row.ok) {
    throw new AppError(
      409,
      "already_subscribed",
      "You already have a plan: change it instead of buying another.",
    );
  }
}

export async function createCheckout(
  db: Database,
  stripe: Stripe,
  request: CheckoutRequest,
): Promise<string> {
  assertMayCheckout(request.row, request.userId);
  const [price, promotion] = await Promise.all([
    priceOf(stripe, request.plan, request.yearly),
    request.promocode ? promotionCodeId(stripe, request.promocode) : Promise.resolve(null),
  ]);
  const userId = String(request.userId);
  // The customer of an ended subscription pays again as the same customer (one billing history).
  const customer = request.row?.customer.startsWith("cus_") ? request.row.customer : undefined;
  const create = (who: { customer: string } | { customer_email: string }) =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price, quantity: request.seats }],
      client_reference_id: userId,
      metadata: { userId },
      subscription_data: { metadata: { userId } },
      ...who,
      ...(promotion ? { discounts: [{ promotion_code: promotion }] } : { allow_promotion_codes: true }),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      locale: request.locale,
    });
  const session = customer
    ? await create({ customer }).catch(async (err: unknown) => {
        // A customer deleted at Stripe since (in its dashboard) must not lock the account out of paying
        // again: the row forgets it, a new one is made, and the webhook writes that one on the row.
        if (!isMissingCustomer(err)) throw err;
        await forgetCustomer(db, { userId: request.userId, customer });
        return create({ customer_email: request.email });
      })
    : await create({ customer_email: request.email });
  if (!session.url) throw new AppError(503, "billing_unavailable", "Stripe did not return a checkout page.");
  return session.url;
}

/**
 * A Customer Portal session (payment method, invoices, cancel) for the account's customer. A customer deleted
 * at Stripe since has nothing left to manage: the row forgets it (unless a webhook wrote a new one meanwhile),
 * so the page stops offering "Manage billing" after a reload too, and a 409 of its own lets it offer a new plan
 * instead of "payments unavailable". The next plan's checkout makes a new customer, which its webhook writes.
 */
export async function createPortal(
  db: Database,
  stripe: Stripe,
  {
    userId,
    customer,
    returnUrl,
    locale,
  }: {
    userId: number;
    customer: string;
    returnUrl: string;
    locale: Stripe.BillingPortal.SessionCreateParams.Locale;
  },
) {
  const session = await stripe.billingPortal.sessions
    .create({ customer, return_url: returnUrl, locale })
    .catch(async (err: unknown) => {
      if (isMissingCustomer(err)) {
        await forgetCustomer(db, { userId, customer });
        throw new AppError(
          409,
          "billing_account_missing",
          "Your billing account no longer exists at our payment provider, so there is nothing to manage. Choose a plan to subscribe again.",
        );
      }
      throw err;
    });
  return session.url;
}
