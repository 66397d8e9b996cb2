// /v1/products: create, retrieve, update, list.
import { invalidRequest } from "../errors.ts";
import { newProduct } from "../objects.ts";
import { mergeMetadata, newMetadata } from "../params.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const UNSUPPORTED = [
  "default_price_data",
  "images",
  "marketing_features",
  "package_dimensions",
  "shippable",
  "statement_descriptor",
  "tax_code",
  "tax_details",
  "type",
  "unit_label",
  "url",
];

export const productRoutes: Route[] = [
  route("POST", "/v1/products", ({ ctx, params }) => {
    params.only(["name", "id", "active", "description", "metadata", "expand"], UNSUPPORTED);
    const id = params.nonEmpty("id");
    if (id && ctx.store.products.has(id)) {
      throw invalidRequest("Product already exists.", "id", "resource_already_exists");
    }
    const product = newProduct(
      ctx.store.now(),
      {
        id,
        name: params.reqStr("name"),
        description: params.nonEmpty("description"),
        active: params.bool("active"),
      },
      newMetadata(params.metadata()),
    );
    ctx.store.products.set(product.id, product);
    ctx.events.emit("product.created", product);
    return product;
  }),
  route("GET", "/v1/products/:id", (req) => {
    req.params.only(["expand"]);
    return req.ctx.store.product(first(req), "id");
  }),
  route("POST", "/v1/products/:id", (req) => {
    const { ctx, params } = req;
    params.only(["name", "active", "description", "metadata", "default_price", "expand"], UNSUPPORTED);
    const product = ctx.store.product(first(req), "id");
    const before = structuredClone(product);
    const name = params.nonEmpty("name");
    if (name !== undefined) product.name = name;
    const active = params.bool("active");
    if (active !== undefined) product.active = active;
    if (params.has("description")) product.description = params.str("description") || null;
    if (params.has("default_price")) {
      const priceId = params.str("default_price") || null;
      if (priceId) ctx.store.price(priceId, "default_price");
      product.default_price = priceId;
    }
    product.metadata = mergeMetadata(product.metadata, params.metadata());
    product.updated = ctx.store.now();
    ctx.events.emit("product.updated", product, before);
    return product;
  }),
  route("GET", "/v1/products", ({ ctx, params }) => {
    params.only(["active", "ids", ...LIST_PARAMS], ["shippable", "type", "url"]);
    const active = params.bool("active");
    const ids = params.strings("ids");
    const all = ctx.store
      .newestFirst(ctx.store.products)
      .filter((p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)));
    return listOf(all, params, "/v1/products");
  }),
];
