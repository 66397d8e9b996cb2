// The typed API client: every call goes through Hono's hc with the Worker's AppType, no hand-written fetch.
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { type ApiErrorBody, type ErrorCode, isErrorCode } from "../../src/domain/error-codes";
import { PAGE_LOCALE_HEADER, splitLocalePath } from "../../src/domain/locale-routing";
import { routePattern } from "../../src/domain/monitoring/items";
import type { AppType } from "../../src/index";
import { report } from "../monitoring/report";
import { earlyFetch } from "./early";

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
  // The page's language, which its address names: what the Worker writes back (a mail, Stripe's return
  // address) speaks it, even when no locale cookie was ever set (a visit that started under /de/).
  headers: () => ({ [PAGE_LOCALE_HEADER]: splitLocalePath(location.pathname).locale }),
  // The first screen's GETs may already be on their way (main.tsx starts them with the app's code).
  fetch: earlyFetch,
});

export type { ApiErrorBody };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** For invalid input: one { path, message } per field. */
  readonly details?: unknown;
  /** The server's Retry-After, in seconds, when it said how long to wait (a 429). */
  readonly retryAfterSeconds?: number;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    details?: unknown,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The body of the successful answers a route declares (its `c.json(…, 2xx)` calls). */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends "json"
        ? T
        : never
      : never
    : never;

/**
 * Reads a typed answer: the route's own success type, or an ApiError carrying the server's code and message.
 * The one place a body is read; its type comes from AppType, never from the caller.
 */
export async function readJson<R extends ClientResponse<unknown, number, "json" | "text">>(
  response: R | Promise<R>,
): Promise<SuccessBody<R>> {
  const res = await response;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as Partial<ApiErrorBody> | null)?.error;
    const code = isErrorCode(err?.code) ? err.code : res.status >= 500 ? "internal_error" : "bad_request";
    // The code and the API path only: the message may quote what the user sent.
    report({
      type: "api",
      name: code,
      status: res.status,
      route: routePattern(new URL(res.url, location.href).pathname),
    });
    // Seconds only: the API never sends Retry-After as a date.
    const retryAfter = Number.parseInt(res.headers.get("Retry-After") ?? "", 10);
    throw new ApiError(
      res.status,
      code,
      err?.message ?? `Request failed (${res.status})`,
      err?.details,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as SuccessBody<R>;
}
