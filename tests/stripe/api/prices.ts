// /v1/prices: create (with lookup_key, transfer_lookup_key, product_data), retrieve, update, list by lookup_keys.
import { refreshEmbeddedPrice } from "../billing/subscriptions.ts";
import type { Ctx } from "../context.ts";
import { invalidRequest } from "../errors.ts";
import { newPrice, newProduct } from "../objects.ts";
import { mergeMetadata, newMetadata, type Params } from "../params.ts";
import type { Price } from "../wire.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const INTERVALS = ["day", "week", "month", "year"] as const;
const UNSUPPORTED = [
  "billing_scheme",
  "currency_options",
  "custom_unit_amount",
  "tax_behavior",
  "tiers",
  "tiers_mode",
  "transform_quantity",
  "unit_amount_decimal",
];

export function readRecurring(params: Params, key = "recurring") {
  const recurring = params.obj(key);
  if (!recurring) return null;
  recurring.only(["interval", "interval_count"], ["meter", "usage_type", "trial_period_days"]);
  const interval = recurring.enumOf("interval", INTERVALS);
  if (!interval)
    throw invalidRequest(
      `Missing required param: ${recurring.name("interval")}.`,
      recurring.name("interval"),
    );
  const intervalCount = recurring.int("interval_count", { min: 1 }) ?? 1;
  const maxYears = { day: 1095, week: 156, month: 36, year: 3 }[interval];
  if (intervalCount > maxYears) {
    throw invalidRequest("The maximum billing frequency is three years.", recurring.name("interval_count"));
  }
  return { interval, intervalCount };
}

export function readCurrency(params: Params): string {
  const currency = params.reqStr("currency").toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency}`, params.name("currency"));
  return currency;
}

/** Takes a lookup key from the price holding it, or refuses as Stripe does without `transfer_lookup_key`. */
function claimLookupKey(ctx: Ctx, key: string, transfer: boolean, self: string | null): void {
  for (const other of ctx.store.prices.values()) {
    if (other.lookup_key !== key || other.id === self) continue;
    if (!transfer) {
      throw invalidRequest(
        `A price (\`${other.id}\`) already uses that lookup key. Pass transfer_lookup_key=true to move it to this price.`,
        "lookup_key",
      );
    }
    const before = structuredClone(other);
    other.lookup_key = null;
    refreshEmbeddedPrice(ctx.store, other);
    ctx.events.emit("price.updated", other, before);
  }
}

/** An inline product (`product_data`) for a price, as price creation and Checkout's price_data make one. */
export function productFromData(ctx: Ctx, data: Params): string {
  data.only(
    ["name", "description", "metadata", "active"],
    ["images", "tax_code", "tax_details", "unit_label"],
  );
  const product = newProduct(
    ctx.store.now(),
    { name: data.reqStr("name"), description: data.nonEmpty("description"), active: data.bool("active") },
    newMetadata(data.metadata()),
  );
  ctx.store.products.set(product.id, product);
  ctx.events.emit("product.created", product);
  return product.id;
}

export const priceRoutes: Route[] = [
  route("POST", "/v1/prices", ({ ctx, params }) => {
    params.only(
      [
        "currency",
        "unit_amount",
        "product",
        "product_data",
        "recurring",
        "lookup_key",
        "transfer_lookup_key",
        "nickname",
        "metadata",
        "active",
        "expand",
      ],
      UNSUPPORTED,
    );
    const currency = readCurrency(params);
    const unitAmount = params.int("unit_amount", { min: 0 });
    if (unitAmount === undefined)
      throw invalidRequest("Missing required param: unit_amount.", "unit_amount", "parameter_missing");
    const productData = params.obj("product_data");
    const productId = params.nonEmpty("product");
    if (!!productData === !!productId) {
      throw productId
        ? invalidRequest("You may only specify one of these parameters: product, product_data.", "product")
        : invalidRequest("Missing required param: product.", "product", "parameter_missing");
    }
    if (productId) ctx.store.product(productId);
    const lookupKey = params.nonEmpty("lookup_key") ?? null;
    if (lookupKey) claimLookupKey(ctx, lookupKey, params.bool("transfer_lookup_key") ?? false, null);
    const price = newPrice(
      ctx.store.now(),
      {
        product: productId ?? productFromData(ctx, productData as Params),
        currency,
        unitAmount,
        recurring: readRecurring(params),
        lookupKey,
        nickname: params.nonEmpty("nickname") ?? null,
        active: params.bool("active"),
      },
      newMetadata(params.metadata()),
    );
    ctx.store.prices.set(price.id, price);
    ctx.events.emit("price.created", price);
    return price;
  }),
  route("GET", "/v1/prices/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.price(first(req), "id");
  }),
  route("POST", "/v1/prices/:id", (req) => {
    const { ctx, params } = req;
    params.only(
      ["active", "lookup_key", "transfer_lookup_key", "nickname", "metadata", "expand"],
      ["currency_options", "tax_behavior"],
    );
    const price = ctx.store.price(first(req), "id");
    const before = structuredClone(price);
    const active = params.bool("active");
    if (active !== undefined) price.active = active;
    if (params.has("lookup_key")) {
      const key = params.str("lookup_key") || null;
      if (key) claimLookupKey(ctx, key, params.bool("transfer_lookup_key") ?? false, price.id);
      price.lookup_key = key;
    }
    if (params.has("nickname")) price.nickname = params.str("nickname") || null;
    price.metadata = mergeMetadata(price.metadata, params.metadata());
    refreshEmbeddedPrice(ctx.store, price);
    ctx.events.emit("price.updated", price, before);
    return price;
  }),
  route("GET", "/v1/prices", ({ ctx, params }) => {
    params.only(["active", "currency", "lookup_keys", "product", "recurring", "type", ...LIST_PARAMS]);
    const active = params.bool("active");
    const currency = params.nonEmpty("currency")?.toLowerCase();
    const lookupKeys = params.strings("lookup_keys");
    if (lookupKeys && lookupKeys.length > 10) {
      throw invalidRequest("You can pass up to 10 lookup_keys.", "lookup_keys");
    }
    const product = params.nonEmpty("product");
    const type = params.enumOf("type", ["one_time", "recurring"] as const);
    const recurring = params.obj("recurring")?.only(["interval", "meter", "usage_type"]);
    const interval = recurring?.enumOf("interval", INTERVALS);
    const matches = (p: Price) =>
      (active === undefined || p.active === active) &&
      (!currency || p.currency === currency) &&
      (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
      (!product || p.product === product) &&
      (!type || p.type === type) &&
      (!interval || p.recurring?.interval === interval);
    return listOf(ctx.store.newestFirst(ctx.store.prices).filter(matches), params, "/v1/prices");
  }),
];
