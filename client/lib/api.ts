// The typed API client: every call goes through Hono's hc with the Worker's AppType, no hand-written fetch.
import { hc } from "hono/client";
import type { AppType } from "../../src/index";

export const api = hc<AppType>("/", {
  init: { credentials: "same-origin" },
});

/** The error body every failing API call answers with. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** For invalid input: one { path, message } per field. */
  readonly details?: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Turns a non-2xx answer into an ApiError carrying the server's code and message. */
export async function readJson<T>(res: {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}): Promise<T> {
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const err = (body as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? "error",
      err?.message ?? `Request failed (${res.status})`,
      err?.details,
    );
  }
  return body as T;
}
