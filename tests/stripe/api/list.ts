// Stripe's list envelope and cursor pagination (`limit`, `starting_after`, `ending_before`, `created`).
import { invalidRequest } from "../errors.ts";
import type { Params } from "../params.ts";
import type { AnyObject, List } from "../wire.ts";

export const LIST_PARAMS = ["limit", "starting_after", "ending_before", "created", "expand"] as const;

function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has("created")) return () => true;
  const exact = typeof params.map.created === "string" ? params.int("created") : undefined;
  if (exact !== undefined) return (c) => c === exact;
  const range = params.obj("created")?.only(["gt", "gte", "lt", "lte"]);
  const gt = range?.int("gt");
  const gte = range?.int("gte");
  const lt = range?.int("lt");
  const lte = range?.int("lte");
  return (c) =>
    (gt === undefined || c > gt) &&
    (gte === undefined || c >= gte) &&
    (lt === undefined || c < lt) &&
    (lte === undefined || c <= lte);
}

/** `items` newest first, as Stripe lists them. */
export function listOf<T extends AnyObject>(items: T[], params: Params, url: string): List<T> {
  const limit = params.int("limit", { min: 1, max: 100 }) ?? 10;
  const after = params.nonEmpty("starting_after");
  const before = params.nonEmpty("ending_before");
  if (after && before) {
    throw invalidRequest("You may only specify one of these parameters: ending_before, starting_after.");
  }
  const matching = createdFilter(params);
  let pool = items.filter((item) => matching(item.created ?? 0));
  if (after) {
    const index = pool.findIndex((i) => i.id === after);
    if (index < 0) throw invalidRequest(`No such object: '${after}'`, "starting_after", "resource_missing");
    pool = pool.slice(index + 1);
    return { object: "list", data: pool.slice(0, limit), has_more: pool.length > limit, url };
  }
  if (before) {
    const index = pool.findIndex((i) => i.id === before);
    if (index < 0) throw invalidRequest(`No such object: '${before}'`, "ending_before", "resource_missing");
    pool = pool.slice(0, index);
    return { object: "list", data: pool.slice(-limit), has_more: pool.length > limit, url };
  }
  return { object: "list", data: pool.slice(0, limit), has_more: pool.length > limit, url };
}
