// The first screen's reads and catalogues, started by main.tsx while the app's code is still arriving; `api`
// takes the reads over, and the catalogues are in the module cache when the translation engine asks.

import { earlyNamespaces, earlyRequests } from "../../src/domain/early-requests";
import type { Locale } from "../../src/domain/locales";
import { hasSignedInHint } from "../../src/domain/sessions";
import { loadCatalogue } from "../i18n/catalogues";
import { bootCookieHeader } from "./boot-cookies";

/** An early answer older than this is not used: the data may have changed since. */
const FRESH_MS = 15_000;

const early = new Map<string, { at: number; response: Promise<Response> }>();

const keyOf = (method: string, url: URL, body: string | undefined) =>
  `${method} ${url.pathname}${url.search}\n${body ?? ""}`;

/** The reads index.html's boot script (public/theme-boot.js) already started for this page. */
interface BootRead {
  url: string;
  body?: string;
  at: number;
  response: Promise<Response>;
}

function bootReads(): Map<string, BootRead> {
  const reads = (window as { __earlyReads?: BootRead[] }).__earlyReads ?? [];
  delete (window as { __earlyReads?: BootRead[] }).__earlyReads;
  return new Map(
    reads.map((read) => [
      keyOf(read.body === undefined ? "GET" : "POST", new URL(read.url, location.origin), read.body),
      read,
    ]),
  );
}

export function startEarly(path: string, locale: Locale): void {
  for (const ns of earlyNamespaces(path)) void loadCatalogue(locale, ns).catch(() => {});
  const started = bootReads();
  // Nobody signed in on this browser (no hint: it comes and goes with the session, src/auth/cookies.ts):
  // every read would be refused, each a 401 in the console. The boot script decided the same where it could.
  if (started.size === 0 && !hasSignedInHint(bootCookieHeader())) return;
  for (const { url, body } of earlyRequests(path)) {
    const method = body === undefined ? "GET" : "POST";
    const key = keyOf(method, new URL(url, location.origin), body);
    const boot = started.get(key);
    if (boot) {
      early.set(key, { at: boot.at, response: boot.response });
      continue;
    }
    const response = fetch(
      url,
      body === undefined
        ? { credentials: "same-origin" }
        : {
            method: "POST",
            body,
            headers: { "Content-Type": "application/json" },
            credentials: "same-origin",
          },
    );
    // A failure surfaces when the app asks for it (then it asks the network again); not as unhandled here.
    response.catch(() => {});
    early.set(key, { at: performance.now(), response });
  }
}

/**
 * A fetch that answers a read from its early request once, while fresh (a POST only with the very same
 * body); everything else goes to the network.
 */
export const earlyFetch: typeof fetch = (input, init) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const body = typeof init?.body === "string" ? init.body : undefined;
  if (method !== "GET" && body === undefined) return fetch(input, init);
  const key = keyOf(method, url, body);
  const hit = early.get(key);
  if (hit) {
    early.delete(key);
    if (performance.now() - hit.at < FRESH_MS) return hit.response.catch(() => fetch(input, init));
  }
  return fetch(input, init);
};

/** Whether a read of `path` (a GET) was started early and is still waiting to be taken. */
export const hasEarlyRead = (path: string): boolean =>
  early.has(keyOf("GET", new URL(path, location.origin), undefined));
