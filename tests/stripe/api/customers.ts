// /v1/customers: create, retrieve, update, delete, list (by email).
import { endSubscription } from "../billing/lifecycle.ts";
import { invalidRequest } from "../errors.ts";
import { newCustomer } from "../objects.ts";
import { mergeMetadata, newMetadata, type Params } from "../params.ts";
import { LIST_PARAMS, listOf } from "./list.ts";
import { first, type Route, route } from "./route.ts";

const FIELDS = ["email", "name", "description", "phone"] as const;
const UNSUPPORTED = [
  "address",
  "balance",
  "business_name",
  "cash_balance",
  "individual_name",
  "invoice_prefix",
  "invoice_settings",
  "next_invoice_sequence",
  "payment_method",
  "preferred_locales",
  "shipping",
  "source",
  "tax",
  "tax_exempt",
  "tax_id_data",
  "test_clock",
  "validate",
  "default_source",
];

function readFields(params: Params): Partial<Record<(typeof FIELDS)[number], string | null>> {
  const out: Partial<Record<(typeof FIELDS)[number], string | null>> = {};
  for (const field of FIELDS) {
    const value = params.str(field);
    if (value === undefined) continue;
    if (value.length > 512) throw invalidRequest(`${field} is too long (at most 512 characters).`, field);
    out[field] = value === "" ? null : value;
  }
  return out;
}

export const customerRoutes: Route[] = [
  route("POST", "/v1/customers", ({ ctx, params }) => {
    params.only([...FIELDS, "metadata", "expand"], UNSUPPORTED);
    const customer = newCustomer(ctx.store.now(), readFields(params), newMetadata(params.metadata()));
    ctx.store.customers.set(customer.id, customer);
    ctx.events.emit("customer.created", customer);
    return customer;
  }),
  route("GET", "/v1/customers/:id", (req) => {
    req.params.only(["expand"]);
    // As Stripe: a deleted customer is still retrieved, as what is left of it.
    return req.ctx.store.deletedCustomers.get(first(req)) ?? req.ctx.store.customer(first(req), "id");
  }),
  // As Stripe: permanent, and its live subscriptions end at once (each a customer.subscription.deleted).
  // Everything else (update, portal, checkout, invoices, a second delete) then answers "No such customer".
  route("DELETE", "/v1/customers/:id", (req) => {
    const { ctx, params } = req;
    params.only([]);
    const customer = ctx.store.customer(first(req), "id");
    const now = ctx.store.now();
    for (const sub of ctx.store.subscriptions.values()) {
      if (sub.customer === customer.id && !["canceled", "incomplete_expired"].includes(sub.status)) {
        endSubscription(ctx, sub, now, null);
      }
    }
    ctx.store.customers.delete(customer.id);
    const deleted = { id: customer.id, object: "customer" as const, deleted: true as const };
    ctx.store.deletedCustomers.set(customer.id, deleted);
    ctx.events.emit("customer.deleted", customer);
    return deleted;
  }),
  route("POST", "/v1/customers/:id", (req) => {
    const { ctx, params } = req;
    params.only([...FIELDS, "metadata", "expand"], UNSUPPORTED);
    const customer = ctx.store.customer(first(req), "id");
    const before = structuredClone(customer);
    Object.assign(customer, readFields(params));
    customer.metadata = mergeMetadata(customer.metadata, params.metadata());
    if (JSON.stringify(before) !== JSON.stringify(customer))
      ctx.events.emit("customer.updated", customer, before);
    return customer;
  }),
  route("GET", "/v1/customers", ({ ctx, params }) => {
    params.only(["email", ...LIST_PARAMS], ["test_clock"]);
    const email = params.str("email");
    if (email !== undefined && email.length > 512) throw invalidRequest("email is too long.", "email");
    const all = ctx.store.newestFirst(ctx.store.customers);
    return listOf(email === undefined ? all : all.filter((c) => c.email === email), params, "/v1/customers");
  }),
];
