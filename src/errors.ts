// One error class for every expected failure; the app's onError turns it into { error: { code, message } }.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "./domain/error-codes";
import type { OpenAIInvalidRequestCode } from "./domain/openai-wire";

export type { ErrorCode };

export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;
  /** The public API's `code` for this kind of invalid request (its 400s), where ours is too coarse. */
  readonly requestCode?: OpenAIInvalidRequestCode;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    opts: {
      details?: unknown;
      headers?: Record<string, string>;
      requestCode?: OpenAIInvalidRequestCode;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.details = opts.details;
    this.headers = opts.headers;
    this.requestCode = opts.requestCode;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, "bad_request", message, { details });
export const unauthorized = (message = "Sign in to continue.") => new AppError(401, "unauthorized", message);
export const forbidden = (message = "You are not allowed to do this.") =>
  new AppError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new AppError(404, "not_found", message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests. Try again later.") =>
  new AppError(429, "too_many_requests", message, { headers: { "Retry-After": String(retryAfterSeconds) } });
