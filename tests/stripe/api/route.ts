// The shape of an API route: method, path with `:id` holes, and a synchronous handler.
import type { Ctx } from "../context.ts";
import type { Params } from "../params.ts";

export interface ApiRequest {
  ctx: Ctx;
  params: Params;
  /** The `:id` parts of the path, in order. */
  ids: string[];
}

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  /** Synchronous on purpose: a request's state change and its idempotent replay can never interleave. */
  handle: (req: ApiRequest) => object;
}

export function route(method: Route["method"], path: string, handle: Route["handle"]): Route {
  const source = path.replace(/:[a-z_]+/g, "([^/]+)");
  return { method, pattern: new RegExp(`^${source}$`), handle };
}

export function first(req: ApiRequest): string {
  return decodeURIComponent(req.ids[0] ?? "");
}
