// Everything the local Stripe keeps, in memory: objects by id, the simulated clock, cards and test switches.
import { noSuch } from "./errors.ts";
import type {
  CheckoutLineItem,
  CheckoutSession,
  Coupon,
  Customer,
  DeletedCustomer,
  Discount,
  Invoice,
  InvoiceLine,
  Metadata,
  PortalSession,
  Price,
  Product,
  PromotionCode,
  Subscription,
} from "./wire.ts";

/** The card a customer paid with (we keep no numbers, only what Stripe shows). */
export interface Card {
  paymentMethod: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * What was (or will be) charged for a stretch of a subscription item's period. Flexible billing mode
 * credits unused time from these original debits, not from the current price.
 */
export interface Debit {
  start: number;
  end: number;
  /** Net of discounts, in the smallest currency unit. */
  amount: number;
  quantity: number;
  price: string;
  /** The invoice line that debited it, and its invoice (null while it is a pending invoice item). */
  line: string;
  invoice: string | null;
}

/** What a Checkout Session carries for the subscription it will create (not shown on the session). */
export interface CheckoutSetup {
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
  lines: CheckoutLineItem[];
}

export class Store {
  customers = new Map<string, Customer>();
  /** Deleted customers, as Stripe still shows them (retrieved or expanded); unknown to everything else. */
  deletedCustomers = new Map<string, DeletedCustomer>();
  products = new Map<string, Product>();
  prices = new Map<string, Price>();
  coupons = new Map<string, Coupon>();
  promotionCodes = new Map<string, PromotionCode>();
  discounts = new Map<string, Discount>();
  checkoutSessions = new Map<string, CheckoutSession>();
  checkoutSetups = new Map<string, CheckoutSetup>();
  portalSessions = new Map<string, PortalSession>();
  portalConfiguration: string | null = null;
  subscriptions = new Map<string, Subscription>();
  invoices = new Map<string, Invoice>();
  /** Proration lines waiting for the subscription's next invoice (invoice items), by subscription. */
  pendingLines = new Map<string, InvoiceLine[]>();
  /** By subscription item. */
  debits = new Map<string, Debit[]>();
  cards = new Map<string, Card>();
  /** Decline codes for the next payments of a customer (by id or lower-cased email). */
  failNext = new Map<string, string[]>();
  /** Answers kept by `Idempotency-Key` (per API key), replayed for the same params. */
  idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  /** Seconds added to the real clock by `advanceClock`. */
  clockOffset = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  reset(): void {
    for (const value of Object.values(this)) {
      if (value instanceof Map) value.clear();
    }
    this.portalConfiguration = null;
    this.clockOffset = 0;
  }

  customer(id: string, param = "customer"): Customer {
    return found(this.customers.get(id), "customer", id, param);
  }
  product(id: string, param = "product"): Product {
    return found(this.products.get(id), "product", id, param);
  }
  price(id: string, param = "price"): Price {
    return found(this.prices.get(id), "price", id, param);
  }
  coupon(id: string, param = "coupon"): Coupon {
    return found(this.coupons.get(id), "coupon", id, param);
  }
  promotionCode(id: string, param = "promotion_code"): PromotionCode {
    return found(this.promotionCodes.get(id), "promotion code", id, param);
  }
  subscription(id: string, param = "subscription"): Subscription {
    return found(this.subscriptions.get(id), "subscription", id, param);
  }
  invoice(id: string, param = "invoice"): Invoice {
    return found(this.invoices.get(id), "invoice", id, param);
  }
  checkoutSession(id: string, param = "session"): CheckoutSession {
    return found(this.checkoutSessions.get(id), "checkout.session", id, param);
  }

  /** The newest first, as Stripe lists. */
  newestFirst<T>(map: Map<string, T>): T[] {
    return [...map.values()].reverse();
  }

  /** Pops the next queued decline for this customer (or their email), if a test asked for one. */
  takeFailure(customerId: string | null, email: string | null): string | null {
    for (const key of [customerId, email?.toLowerCase()]) {
      if (!key) continue;
      const queue = this.failNext.get(key);
      if (queue?.length) {
        const code = queue.shift() as string;
        if (!queue.length) this.failNext.delete(key);
        return code;
      }
    }
    return null;
  }

  productName(priceOrId: Price | string): string {
    const price = typeof priceOrId === "string" ? this.prices.get(priceOrId) : priceOrId;
    if (!price) return "Unknown";
    const productId = typeof price.product === "string" ? price.product : price.product.id;
    return this.products.get(productId)?.name ?? productId;
  }
}

function found<T>(value: T | undefined, kind: string, id: string, param: string): T {
  if (value === undefined) throw noSuch(kind, id, param);
  return value;
}
