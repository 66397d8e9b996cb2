// The Checkout Session object (subscription mode) and the create params we accept, ignore, or refuse.
import type { Ctx } from "../context.ts";
import { newId } from "../ids.ts";
import type { CheckoutSession, Metadata } from "../wire.ts";

/** Implemented, or cosmetic for a hosted page that only takes cards. */
export const SESSION_PARAMS = [
  "mode",
  "line_items",
  "customer",
  "customer_email",
  "client_reference_id",
  "metadata",
  "subscription_data",
  "success_url",
  "cancel_url",
  "allow_promotion_codes",
  "discounts",
  "expires_at",
  "expand",
  "automatic_tax",
  "billing_address_collection",
  "locale",
  "allowed_payment_method_types",
  "payment_method_collection",
  "ui_mode",
  "customer_update",
  "submit_type",
  "custom_text",
  "origin_context",
  "integration_identifier",
];

/** Real Stripe params this server refuses with a clear 400 instead of silently ignoring. */
export const SESSION_UNSUPPORTED = [
  "adaptive_pricing",
  "after_expiration",
  "branding_settings",
  "consent_collection",
  "currency",
  "custom_fields",
  "customer_account",
  "customer_creation",
  "excluded_payment_method_types",
  "invoice_creation",
  "managed_payments",
  "name_collection",
  "optional_items",
  "payment_intent_data",
  "payment_method_configuration",
  "payment_method_data",
  "payment_method_options",
  "permissions",
  "phone_number_collection",
  "redirect_on_completion",
  "return_url",
  "saved_payment_method_options",
  "setup_intent_data",
  "shipping_address_collection",
  "shipping_options",
  "tax_id_collection",
  "wallet_options",
];

export interface SessionFields {
  now: number;
  expiresAt: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  allowPromotionCodes: boolean | null;
  discounts: { coupon: string | null; promotion_code: string | null }[];
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Metadata;
  currency: string;
  billingAddressCollection: "auto" | "required" | null;
  locale: string | null;
}

export function sessionObject(ctx: Ctx, f: SessionFields): CheckoutSession {
  const id = newId("cs");
  const email = f.customerEmail ?? (f.customer ? (ctx.store.customers.get(f.customer)?.email ?? null) : null);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: f.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: 0,
    amount_total: 0,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: f.billingAddressCollection,
    cancel_url: f.cancelUrl,
    client_reference_id: f.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: f.now,
    currency: f.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: f.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: email
      ? {
          address: null,
          business_name: null,
          email,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: "none",
          tax_ids: null,
        }
      : null,
    customer_email: f.customerEmail,
    discounts: f.discounts,
    expires_at: f.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: f.locale as CheckoutSession["locale"],
    managed_payments: null,
    metadata: f.metadata,
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: f.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${ctx.base}/c/pay/${id}`,
    wallet_options: null,
  };
}
