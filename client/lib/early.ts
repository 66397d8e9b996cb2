// The first screen's requests, started by main.tsx while the app's code is still arriving; `api` takes them over.

import { earlyRequests } from "../../src/domain/early-requests";

/** An early answer older than this is not used: the data may have changed since. */
const FRESH_MS = 15_000;

const early = new Map<string, { at: number; response: Promise<Response> }>();

export function startEarly(path: string): void {
  for (const url of earlyRequests(path)) {
    const response = fetch(url, { credentials: "same-origin" });
    // A failure surfaces when the app asks for it (then it asks the network again); not as unhandled here.
    response.catch(() => {});
    early.set(url, { at: performance.now(), response });
  }
}

/** A fetch that answers a GET from its early request once, while fresh; everything else goes to the network. */
export const earlyFetch: typeof fetch = (input, init) => {
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const key = `${url.pathname}${url.search}`;
  const hit = early.get(key);
  if (hit && method === "GET") {
    early.delete(key);
    if (performance.now() - hit.at < FRESH_MS) return hit.response.catch(() => fetch(input, init));
  }
  return fetch(input, init);
};
