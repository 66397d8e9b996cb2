// Scripting the local provider servers from a Worker test, and reading the requests they received.
import { expect, inject } from "vitest";
import { TITLE_INSTRUCTIONS } from "../../../src/domain/chat/title";

/** A request as the local provider server received it: what the real provider would have seen. */
export interface UpstreamRequest {
  id: number;
  provider: string;
  method: string;
  /** Below the provider's prefix, with the query string (e.g. /chat/completions). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or a multipart form's fields (files as { name, type, size }). */
  body: unknown;
  model?: string;
  aborted: boolean;
  completed: boolean;
}

const control = () => inject("upstreamControl");

/**
 * What `provider` does with the requests whose body contains `tag` (see tests/upstreams/common.ts
 * `Behaviour`); script "normal" with the same tag to undo. Only tagged scripts: test files run side by
 * side against the same servers, and a provider-wide script (or a reset) would reach the others' requests.
 */
export async function scriptUpstream(
  provider: string,
  behaviour: string,
  tag: string,
  options?: { delayMs?: number; retryAfter?: number },
): Promise<void> {
  const res = await fetch(`${control()}/script`, {
    method: "POST",
    body: JSON.stringify({ provider, behaviour, options, bodyContains: tag }),
  });
  expect(res.ok).toBe(true);
}

/**
 * The requests whose body contains `tag` (put a unique one in the prompt), oldest first, once at least
 * `min` have arrived (fails after `timeoutMs`).
 */
export async function upstreamRequests(
  tag: string,
  { provider, min = 1, timeoutMs = 10_000 }: { provider?: string; min?: number; timeoutMs?: number } = {},
): Promise<UpstreamRequest[]> {
  const query = new URLSearchParams({ contains: tag, min: String(min), waitMs: String(timeoutMs) });
  if (provider) query.set("provider", provider);
  const res = await fetch(`${control()}/requests?${query}`);
  const { requests } = (await res.json()) as { requests: UpstreamRequest[] };
  if (requests.length < min) {
    throw new Error(`expected ${min} upstream request(s) containing ${tag}, saw ${requests.length}`);
  }
  return requests;
}

/**
 * The requests carrying `tag` once `until` holds for them (fails after `timeoutMs`). A cancelled request
 * reaches the provider as a closed connection, which can trail the Worker's own view of the stop by a
 * busy machine's second or more: wait for it rather than for a fixed interval.
 */
export async function upstreamRequestsUntil(
  tag: string,
  until: (requests: UpstreamRequest[]) => boolean,
  { provider, min = 1, timeoutMs = 10_000 }: { provider?: string; min?: number; timeoutMs?: number } = {},
): Promise<UpstreamRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const requests = await upstreamRequests(tag, { provider, min, timeoutMs });
    if (until(requests) || Date.now() > deadline) return requests;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The last request carrying `tag` for an answer (not a chat title): what the provider was asked most recently. */
export async function lastUpstreamRequest(
  tag: string,
  options: { provider?: string; min?: number; timeoutMs?: number } = {},
): Promise<UpstreamRequest> {
  const requests = await upstreamRequests(tag, options);
  // A new chat's title is asked for beside its first answer, with the same words: whichever leaves last,
  // the answer's request is the one wanted.
  const title = JSON.stringify(TITLE_INSTRUCTIONS).slice(1, -1);
  const last = requests.filter((r) => !JSON.stringify(r.body).includes(title)).at(-1);
  if (!last) throw new Error(`no upstream request containing ${tag}`);
  return last;
}

/** A tag no other test's request carries. */
export const uniqueTag = (label = "tag") => `${label}-${crypto.randomUUID().slice(0, 8)}`;
