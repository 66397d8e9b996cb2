// Builders for the simple objects (customer, product, price, plan, coupon, promotion code, discount).
import { couponId, invoicePrefix, newId } from "./ids.ts";
import type { Coupon, Customer, Discount, Metadata, Plan, Price, Product, PromotionCode } from "./wire.ts";

export function newCustomer(
  now: number,
  fields: { email?: string | null; name?: string | null; description?: string | null; phone?: string | null },
  metadata: Metadata = {},
): Customer {
  return {
    id: newId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: now,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    discount: null,
    email: fields.email ?? null,
    invoice_prefix: invoicePrefix(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata,
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function newProduct(
  now: number,
  fields: { id?: string; name: string; description?: string | null; active?: boolean },
  metadata: Metadata = {},
): Product {
  return {
    id: fields.id ?? newId("prod"),
    object: "product",
    active: fields.active ?? true,
    created: now,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: now,
    url: null,
  };
}

export interface PriceFields {
  product: string;
  currency: string;
  unitAmount: number;
  recurring: { interval: "day" | "week" | "month" | "year"; intervalCount: number } | null;
  lookupKey?: string | null;
  nickname?: string | null;
  active?: boolean;
}

export function newPrice(now: number, fields: PriceFields, metadata: Metadata = {}): Price {
  return {
    id: newId("price"),
    object: "price",
    active: fields.active ?? true,
    billing_scheme: "per_unit",
    created: now,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata,
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring
      ? {
          interval: fields.recurring.interval,
          interval_count: fields.recurring.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: "licensed",
        }
      : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** Subscription items still carry the legacy `plan`, mirrored from the price. */
export function planOf(price: Price): Plan {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export interface CouponFields {
  id?: string;
  name?: string | null;
  percentOff?: number | null;
  amountOff?: number | null;
  currency?: string | null;
  duration: "once" | "repeating" | "forever";
  durationInMonths?: number | null;
  maxRedemptions?: number | null;
  redeemBy?: number | null;
}

export function newCoupon(now: number, fields: CouponFields, metadata: Metadata = {}): Coupon {
  return {
    id: fields.id ?? couponId(),
    object: "coupon",
    amount_off: fields.amountOff ?? null,
    created: now,
    currency: fields.amountOff ? (fields.currency ?? null) : null,
    duration: fields.duration,
    duration_in_months: fields.duration === "repeating" ? (fields.durationInMonths ?? null) : null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata,
    name: fields.name ?? null,
    percent_off: fields.percentOff ?? null,
    redeem_by: fields.redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
}

export interface PromotionCodeFields {
  code: string;
  coupon: string;
  active?: boolean;
  customer?: string | null;
  expiresAt?: number | null;
  maxRedemptions?: number | null;
  firstTimeTransaction?: boolean;
  minimumAmount?: number | null;
  minimumAmountCurrency?: string | null;
}

export function newPromotionCode(
  now: number,
  fields: PromotionCodeFields,
  metadata: Metadata = {},
): PromotionCode {
  return {
    id: newId("promo"),
    object: "promotion_code",
    active: fields.active ?? true,
    code: fields.code,
    created: now,
    customer: fields.customer ?? null,
    customer_account: null,
    expires_at: fields.expiresAt ?? null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata,
    promotion: { coupon: fields.coupon, type: "coupon" },
    restrictions: {
      first_time_transaction: fields.firstTimeTransaction ?? false,
      minimum_amount: fields.minimumAmount ?? null,
      minimum_amount_currency: fields.minimumAmountCurrency ?? null,
    },
    times_redeemed: 0,
  };
}

export function newDiscount(
  start: number,
  fields: {
    coupon: Coupon;
    promotionCode: string | null;
    customer: string;
    subscription: string | null;
    checkoutSession?: string | null;
    end: number | null;
  },
): Discount {
  return {
    id: newId("di"),
    object: "discount",
    checkout_session: fields.checkoutSession ?? null,
    customer: fields.customer,
    customer_account: null,
    end: fields.end,
    invoice: null,
    invoice_item: null,
    promotion_code: fields.promotionCode,
    source: { coupon: fields.coupon.id, type: "coupon" },
    start,
    subscription: fields.subscription,
    subscription_item: null,
  };
}
