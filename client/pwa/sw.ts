// The service worker (SPEC §4): the app's files offline, the shell for its pages, an open chat's page live.
/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  PrecacheFallbackPlugin,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { OPEN_CHAT_PAGE } from "../../src/domain/app-routes";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const SHELL = "/index.html";

/**
 * How long an open chat's page may take to start arriving before the shell stands in. The Worker sends the
 * page's head at once, so this long without it is a dead connection (a captive portal, a lost signal),
 * and the shell reads the chat through the API itself.
 */
const OPEN_CHAT_TIMEOUT_SECONDS = 4;

// "prompt" updates (client/pwa/register.ts): a new worker waits until the reader chooses to reload.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** A path pattern (`^…$`) that also takes a query string, as a navigation route matches a page's address. */
const withQuery = (path: RegExp) => new RegExp(`${path.source.slice(0, -1)}(?:\\?.*)?$`);

// Every page is the cached shell, but the API (always live), a shared chat (the Worker renders it, readable
// without JavaScript) and an open chat's page, which the Worker writes the chat's newest messages into.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(SHELL), {
    denylist: [/^\/api\//, /^\/shared\//, withQuery(OPEN_CHAT_PAGE)],
  }),
);

// An open chat's page from the network, never cached (it holds one user's messages); the shell when the
// network fails or answers nothing in time.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && OPEN_CHAT_PAGE.test(url.pathname),
  new NetworkOnly({
    networkTimeoutSeconds: OPEN_CHAT_TIMEOUT_SECONDS,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL })],
  }),
);
