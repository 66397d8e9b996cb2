// Object shapes of the pinned API version, taken from the installed SDK's types as they travel as JSON.
import type Stripe from "stripe";

/** The API version the installed `stripe` SDK pins (`Stripe.API_VERSION`); our shapes follow it. */
export const API_VERSION = "2026-10-28.endive";

/** The SDK turns decimal strings into `Stripe.Decimal` objects; on the wire they are strings. */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T;

export type Customer = Wire<Stripe.Customer>;
/** What is left of a deleted customer: `{ id, object: "customer", deleted: true }`. */
export type DeletedCustomer = Wire<Stripe.DeletedCustomer>;
export type Product = Wire<Stripe.Product>;
export type Price = Wire<Stripe.Price>;
export type Plan = Wire<Stripe.Plan>;
export type Coupon = Wire<Stripe.Coupon>;
export type PromotionCode = Wire<Stripe.PromotionCode>;
export type Discount = Wire<Stripe.Discount>;
export type CheckoutSession = Wire<Stripe.Checkout.Session>;
export type CheckoutLineItem = Wire<Stripe.LineItem>;
export type PortalSession = Wire<Stripe.BillingPortal.Session>;
export type Subscription = Wire<Stripe.Subscription>;
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type Invoice = Wire<Stripe.Invoice>;
export type InvoiceLine = Wire<Stripe.InvoiceLineItem>;
export type StripeEvent = Wire<Stripe.Event>;
export type Metadata = Record<string, string>;

/** Any stored object; expansion and lists only need these. */
export interface AnyObject {
  id: string;
  object: string;
  created?: number;
}

export interface List<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}
