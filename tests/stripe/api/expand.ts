// `expand[]`: replaces ids by their objects along dotted paths (`items.data.price.product`), 4 levels deep.
import { invalidRequest } from "../errors.ts";
import type { Store } from "../state.ts";

type Resolver = (store: Store, id: string) => unknown;

/** Which fields hold an expandable id, by field name. */
const RESOLVERS: Record<string, Resolver> = {
  customer: (s, id) => s.customers.get(id) ?? s.deletedCustomers.get(id),
  subscription: (s, id) => s.subscriptions.get(id),
  latest_invoice: (s, id) => s.invoices.get(id),
  invoice: (s, id) => s.invoices.get(id),
  product: (s, id) => s.products.get(id),
  price: (s, id) => s.prices.get(id),
  default_price: (s, id) => s.prices.get(id),
  promotion_code: (s, id) => s.promotionCodes.get(id),
  coupon: (s, id) => s.coupons.get(id),
  discounts: (s, id) => s.discounts.get(id),
  discount: (s, id) => s.discounts.get(id),
};

/** Fields Stripe leaves out unless expanded (`line_items` of a Checkout Session). */
const INCLUDABLE: Record<string, (store: Store, node: Record<string, unknown>) => unknown> = {
  line_items: (store, node) => {
    if (node.object !== "checkout.session") return undefined;
    const lines = store.checkoutSetups.get(node.id as string)?.lines ?? [];
    return {
      object: "list",
      data: structuredClone(lines),
      has_more: false,
      url: `/v1/checkout/sessions/${node.id}/line_items`,
    };
  },
};

const notExpandable = (path: string) =>
  invalidRequest(`This property cannot be expanded (${path}).`, "expand");

function resolve(store: Store, key: string, id: string, path: string): unknown {
  const resolver = RESOLVERS[key];
  if (!resolver) throw notExpandable(path);
  const found = resolver(store, id);
  return found === undefined ? id : structuredClone(found);
}

function walk(store: Store, node: unknown, segs: string[], path: string): void {
  if (Array.isArray(node)) {
    for (const entry of node) walk(store, entry, segs, path);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  const [key, ...rest] = segs as [string, ...string[]];
  if (record[key] === undefined && INCLUDABLE[key]) record[key] = INCLUDABLE[key](store, record);
  const value = record[key];
  if (value === undefined) throw notExpandable(path);
  if (typeof value === "string") record[key] = resolve(store, key, value, path);
  else if (Array.isArray(value) && value.some((v) => typeof v === "string")) {
    record[key] = value.map((v) => (typeof v === "string" ? resolve(store, key, v, path) : v));
  }
  if (rest.length) walk(store, record[key], rest, path);
}

/** Expands a copy of `object` along each path (as given: `data.customer` for lists). */
export function expand<T>(store: Store, object: T, paths: string[]): T {
  if (!paths.length) return object;
  const copy = structuredClone(object);
  for (const path of paths) {
    const segs = path.split(".");
    const depth = segs.filter((s) => s !== "data").length;
    if (depth > 4 || segs.some((s) => !s)) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, "expand");
    }
    walk(store, copy, segs, path);
  }
  return copy;
}
