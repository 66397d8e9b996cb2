// Shared steps of the open chat's first-frame journeys (src/sharing/chat-shell.ts): the app's scripts held
// back, so that only the frame is on the page until the test lets the app take over.
import type { Page, Route } from "playwright-core";

/** Holds the app's scripts back (the page shows only its first frame) until `release`. */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  // As DevTools' "Bypass for network": once the service worker has installed (the session's earlier pages),
  // it would serve the scripts from its cache, out of page.route's reach.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.setBypassServiceWorker", { bypass: true });
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : held.push(route)));
  return {
    held: () => held.length,
    async release() {
      released = true;
      for (const route of held) await route.continue();
    },
  };
}
