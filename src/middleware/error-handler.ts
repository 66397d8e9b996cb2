// Maps every thrown error to { error: { code, message } } with the right status; unexpected ones are logged.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ErrorCode } from "../domain/error-codes";
import { AppError } from "../errors";

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
};

export function errorBody(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status as ContentfulStatusCode;
    const message = err.message || (err.status === 413 ? "The request body is too large." : "Bad request.");
    return c.json(errorBody(CODE_BY_STATUS[status] ?? "bad_request", message), status);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json(errorBody("internal_error", "Something went wrong on our side. Please try again."), 500);
};

export const onNotFound: NotFoundHandler = (c: Context) =>
  c.json(errorBody("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`), 404);
