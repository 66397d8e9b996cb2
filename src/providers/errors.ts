// SPEC §8 error codes a provider stream can end with, and how upstream failures map onto them.

// The codes a generation can end with belong to the app's closed set of error codes.
import { STREAM_ERROR_CODES as ERROR_CODES, type StreamErrorCode as ErrorCode } from "../domain/error-codes";
import type { Provider } from "../domain/models/types";

export { ERROR_CODES, type ErrorCode };

/** A failure an adapter detected itself (missing key, failed job, timeout…); the guard turns it into an event. */
export class ProviderFailure extends Error {
  readonly code: ErrorCode;
  readonly retryAfter?: number;

  constructor(code: ErrorCode, detail: string, retryAfter?: number) {
    super(detail);
    this.name = "ProviderFailure";
    this.code = code;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
  }
}

/** An HTTP answer with a failing status, from the fetch-based adapters (the SDKs throw their own). */
export class HttpStatusError extends Error {
  readonly status: number;
  readonly headers: Headers;

  constructor(status: number, headers: Headers, detail: string) {
    super(`${status} ${detail}`);
    this.name = "HttpStatusError";
    this.status = status;
    this.headers = headers;
  }
}

/** Retry-After in seconds, from `retry-after-ms`, `retry-after` (seconds or HTTP date). */
export function retryAfterSeconds(headers: unknown): number | undefined {
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    if (headers && typeof headers === "object") {
      const value = (headers as Record<string, unknown>)[name];
      return typeof value === "string" ? value : null;
    }
    return null;
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const raw = get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const REFUSED_STATUSES = new Set([400, 413, 415, 422]);

/**
 * Maps anything an adapter threw to a catalogue code. Duck-typed so the OpenAI and Anthropic SDK errors
 * (status + headers, or an in-stream error `type`) and our own fetch errors share one rule:
 * 429 → fair_usage_limit; a refused request or an unreadable answer → unable_to_process; anything else
 * (5xx, 401/403/404, network failure, a connection cut mid-stream) → provider_unavailable, or image_error
 * for image models, whose SPEC message is the image variant of "model temporarily unavailable".
 */
export function classifyFailure(
  err: unknown,
  provider: Provider,
  kind: "text" | "image",
): { type: "error"; code: ErrorCode; provider: Provider; retryAfter?: number; detail: string } {
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const unavailable = kind === "image" ? "image_error" : "provider_unavailable";
  const event = (code: ErrorCode, retryAfter?: number) =>
    retryAfter === undefined
      ? { type: "error" as const, code, provider, detail }
      : { type: "error" as const, code, provider, detail, retryAfter };

  if (err instanceof ProviderFailure) return event(err.code, err.retryAfter);
  if (err instanceof SyntaxError) return event("unable_to_process");
  const e = (err ?? {}) as { status?: unknown; headers?: unknown; type?: unknown; code?: unknown };
  if (typeof e.status === "number") {
    if (e.status === 429) return event("fair_usage_limit", retryAfterSeconds(e.headers));
    if (REFUSED_STATUSES.has(e.status)) return event("unable_to_process");
    return event(unavailable);
  }
  // Errors sent inside an open stream carry a type (and OpenAI a code) instead of a status.
  const type = typeof e.type === "string" ? e.type : typeof e.code === "string" ? e.code : undefined;
  if (type === "rate_limit_error" || type === "rate_limit_exceeded") return event("fair_usage_limit");
  if (type === "invalid_request_error") return event("unable_to_process");
  return event(unavailable);
}
