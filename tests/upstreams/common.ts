// Shared plumbing of the fake upstreams: scripted behaviours, request records, JSON and SSE writers.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Provider } from "../../src/domain/models/types.ts";

export type UpstreamProvider = Exclude<Provider, "test">;

/**
 * What a provider does with the next requests, until scripted otherwise:
 * - normal: a fast, complete, sensible answer for any model name;
 * - slow_first_token: waits `delayMs` (default 400) before the first token, or before an image job is done;
 * - slow: every token waits `delayMs` (default 60); image jobs and image answers never finish;
 * - hang: one token, then nothing until the client goes away (images: no answer at all);
 * - rate_limit: 429 with Retry-After (`retryAfter`, default 7 s) in the provider's error format;
 * - server_error: 500 in the provider's error format;
 * - malformed: a chunk (or a JSON answer) that is not valid JSON, after two good tokens;
 * - disconnect: the socket is destroyed after two tokens (image providers: before answering);
 * - failed_in_stream: the Responses API's `response.failed` after two tokens, with `options.code` as its error's
 *   code (other protocols answer normally);
 * - content_filter: the Responses API's `response.incomplete` for a filtered answer, before any text.
 */
export type Behaviour =
  | "normal"
  | "slow_first_token"
  | "slow"
  | "hang"
  | "rate_limit"
  | "server_error"
  | "malformed"
  | "disconnect"
  | "failed_in_stream"
  | "content_filter";

export interface BehaviourOptions {
  delayMs?: number;
  retryAfter?: number;
  /** failed_in_stream: the failed response's error code (OpenAI's: rate_limit_exceeded, invalid_prompt…). */
  code?: string;
}

export interface SeenRequest {
  id: number;
  provider: UpstreamProvider;
  method: string;
  /** Path below the provider's prefix, with the query string. */
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON body, or the text fields of a multipart form. */
  body?: unknown;
  model?: string;
  behaviour: Behaviour;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  /** The answer was written to the end. */
  completed: boolean;
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  provider: UpstreamProvider;
  /** Path below the provider's prefix (no query string). */
  path: string;
  url: URL;
  /** http://host:port, for URLs the fake hands out (polling, downloads). */
  origin: string;
  raw: Buffer;
  json: Record<string, unknown> | undefined;
  form: FormData | undefined;
  behaviour: Behaviour;
  options: BehaviourOptions;
  seen: SeenRequest;
  files: Map<string, { type: string; data: Uint8Array }>;
  /** True once the client went away (or we cut it off). */
  closed(): boolean;
  /** Cuts the connection on purpose (not recorded as a client abort). */
  disconnect(): void;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when the client goes away; used to hang forever politely. */
export function untilClosed(ctx: Ctx): Promise<void> {
  return new Promise((resolve) => {
    if (ctx.closed()) resolve();
    else ctx.res.once("close", () => resolve());
  });
}

export function sendJson(
  ctx: Ctx,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (ctx.closed()) return;
  ctx.res.writeHead(status, { "content-type": "application/json", ...headers });
  ctx.res.end(JSON.stringify(body));
}

export function sendBytes(
  ctx: Ctx,
  type: string,
  data: Uint8Array,
  headers: Record<string, string> = {},
): void {
  if (ctx.closed()) return;
  ctx.res.writeHead(200, { "content-type": type, "content-length": String(data.length), ...headers });
  ctx.res.end(data);
}

export function startSse(ctx: Ctx, headers: Record<string, string> = {}): void {
  ctx.res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    ...headers,
  });
  ctx.res.flushHeaders();
}

export function writeSse(ctx: Ctx, data: unknown, event?: string): void {
  if (ctx.closed()) return;
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  ctx.res.write(`${event ? `event: ${event}\n` : ""}data: ${payload}\n\n`);
}

/** The pause before the token at `index`, as the script wants it. */
export function tokenDelay(ctx: Ctx, index: number): number {
  if (ctx.behaviour === "slow") return ctx.options.delayMs ?? 60;
  if (ctx.behaviour === "slow_first_token" && index === 0) return ctx.options.delayMs ?? 400;
  return 0;
}

/**
 * Applies the behaviours that replace the whole answer (429, 500) in the provider's error format.
 * Returns true when it answered.
 */
export function answeredWithFailure(
  ctx: Ctx,
  errorBody: (status: number, message: string) => unknown,
): boolean {
  if (ctx.behaviour === "rate_limit") {
    const retryAfter = String(ctx.options.retryAfter ?? 7);
    sendJson(ctx, 429, errorBody(429, "Rate limit reached, slow down."), { "retry-after": retryAfter });
    return true;
  }
  if (ctx.behaviour === "server_error") {
    sendJson(ctx, 500, errorBody(500, "The server had an error while processing your request."));
    return true;
  }
  return false;
}

/** For image endpoints: behaviours that happen before any answer. Returns true when the request is dealt with. */
export async function imagePreflight(
  ctx: Ctx,
  errorBody: (status: number, message: string) => unknown,
): Promise<boolean> {
  if (answeredWithFailure(ctx, errorBody)) return true;
  if (ctx.behaviour === "disconnect") {
    ctx.disconnect();
    return true;
  }
  return false;
}

/** Streams `pieces` with the script's pacing; the script's mid-stream failures happen after two pieces. */
export async function streamPieces(
  ctx: Ctx,
  pieces: readonly string[],
  write: (piece: string, index: number) => void,
  writeMalformed: () => void,
): Promise<boolean> {
  for (let i = 0; i < pieces.length; i++) {
    const wait = tokenDelay(ctx, i);
    if (wait) await sleep(wait);
    if (ctx.closed()) return false;
    if (i === 2 && ctx.behaviour === "malformed") {
      writeMalformed();
      await sleep(5);
      ctx.res.end();
      return false;
    }
    if (i === 2 && ctx.behaviour === "disconnect") {
      ctx.disconnect();
      return false;
    }
    write(pieces[i] ?? "", i);
    if (i === 0 && ctx.behaviour === "hang") {
      await untilClosed(ctx);
      return false;
    }
  }
  return !ctx.closed();
}
