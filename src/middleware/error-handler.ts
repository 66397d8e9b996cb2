// Maps every thrown error to { error: { code, message } } with the right status; unexpected ones are logged.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isKeyApiPath } from "../domain/api-access";
import type { ApiErrorBody, ErrorCode } from "../domain/error-codes";
import { openAIErrorBody, openAIParam } from "../domain/openai-wire";
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

/** OpenAI's `param`: the first field the failure's details name (`messages[0].content`), else null. */
function paramOf(details: unknown): string | null {
  if (!Array.isArray(details)) return null;
  for (const issue of details) {
    const path = (issue as { path?: unknown } | null)?.path;
    if (typeof path === "string" && path) return openAIParam(path);
  }
  return null;
}

/**
 * The answer for a failure: `{ error: { code, message, details? } }`, or under the public API (/api/v1)
 * OpenAI's `{ error: { message, type, param, code } }`, which its SDKs and clients read.
 */
export function errorResponse(c: Context, err: AppError, headers: Record<string, string> = {}): Response {
  const allHeaders = { ...err.headers, ...headers };
  if (isKeyApiPath(c.req.path)) {
    const body = openAIErrorBody(err.status, err.code, err.message, paramOf(err.details), err.requestCode);
    return c.json(body, err.status, allHeaders);
  }
  return c.json(errorBody(err.code, err.message, err.details), err.status, allHeaders);
}

export const onError: ErrorHandler = (err, c) => {
  if (err instanceof AppError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status as ContentfulStatusCode;
    const message = err.message || (err.status === 413 ? "The request body is too large." : "Bad request.");
    // Hono's own 400 is its JSON validator's, for a body it cannot parse.
    const requestCode = status === 400 ? ("invalid_json" as const) : undefined;
    return errorResponse(
      c,
      new AppError(status, CODE_BY_STATUS[status] ?? "bad_request", message, { requestCode }),
    );
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return errorResponse(
    c,
    new AppError(500, "internal_error", "Something went wrong on our side. Please try again."),
  );
};

export const onNotFound: NotFoundHandler = (c: Context) =>
  errorResponse(c, new AppError(404, "not_found", `No such endpoint: ${c.req.method} ${c.req.path}`));
