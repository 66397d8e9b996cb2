// The REST API: auth, params from query and form body, idempotency keys, expansion, errors as Stripe sends them.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Ctx } from "../context.ts";
import { invalidRequest, StripeApiError } from "../errors.ts";
import { parseForm } from "../form.ts";
import { requestId } from "../ids.ts";
import { Params } from "../params.ts";
import { API_VERSION } from "../wire.ts";
import { expand } from "./expand.ts";
import type { Route } from "./route.ts";

export interface ApiOptions {
  /** When set, only this secret key is accepted; otherwise any `sk_…`/`rk_…` key. */
  apiKey?: string;
  log: (line: string) => void;
}

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  if (header.startsWith("Bearer ")) return header.slice(7).trim();
  if (header.startsWith("Basic "))
    return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  return null;
}

function authenticate(req: IncomingMessage, opts: ApiOptions): string {
  const key = apiKeyOf(req);
  if (!key) throw invalidRequest(NO_KEY, undefined, undefined, 401);
  const valid = opts.apiKey ? key === opts.apiKey : /^(sk|rk)_(test_)?[A-Za-z0-9_]+$/.test(key);
  if (!valid) {
    throw new StripeApiError(401, {
      type: "invalid_request_error",
      code: "api_key_invalid",
      message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
  return key;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function createApi(ctx: Ctx, routes: Route[], opts: ApiOptions) {
  return function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const reqId = requestId();
    const method = req.method ?? "GET";
    const version = String(req.headers["stripe-version"] ?? API_VERSION);
    const idempotencyKey =
      method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "request-id": reqId,
      "stripe-version": version,
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    };
    const send = (status: number, text: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, ...extra });
      res.end(text);
    };
    let cacheKey: string | null = null;
    let fingerprint = "";
    try {
      const apiKey = authenticate(req, opts);
      const query = parseForm(url.search.slice(1));
      const form = method === "POST" ? parseForm(body) : {};
      const params = new Params({ ...query, ...form });
      const found = routes
        .filter((r) => r.method === method)
        .map((r) => ({ r, m: r.pattern.exec(url.pathname) }))
        .find((x) => x.m);
      if (!found?.m) {
        throw invalidRequest(
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          undefined,
          undefined,
          404,
        );
      }
      if (idempotencyKey) {
        cacheKey = `${apiKey}\n${idempotencyKey}`;
        fingerprint = `${method} ${url.pathname} ${canonical(params.map)}`;
        const saved = ctx.store.idempotency.get(cacheKey);
        if (saved) {
          if (saved.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          send(saved.status, saved.body, { "idempotent-replayed": "true" });
          return;
        }
      }
      ctx.events.request = { id: reqId, idempotency_key: idempotencyKey };
      let result: object;
      try {
        result = found.r.handle({ ctx, params, ids: found.m.slice(1) });
      } finally {
        ctx.events.request = null;
      }
      const text = JSON.stringify(expand(ctx.store, result, params.expand()), null, 2);
      if (cacheKey) ctx.store.idempotency.set(cacheKey, { fingerprint, status: 200, body: text });
      send(200, text);
    } catch (err) {
      const error =
        err instanceof StripeApiError
          ? err
          : new StripeApiError(500, {
              type: "api_error",
              message: `Local Stripe server error: ${String(err)}`,
            });
      if (!(err instanceof StripeApiError))
        opts.log(`stripe: ${method} ${url.pathname} failed: ${(err as Error).stack}`);
      const text = JSON.stringify({ error: error.body }, null, 2);
      // Stripe saves an idempotent result once the request started executing (a card decline), not a 400.
      if (cacheKey && error.status === 402)
        ctx.store.idempotency.set(cacheKey, { fingerprint, status: 402, body: text });
      send(error.status, text, error.status >= 500 ? { "stripe-should-retry": "false" } : {});
    }
  };
}
