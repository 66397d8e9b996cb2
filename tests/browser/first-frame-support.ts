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

/** How far apart two lists of boxes are (px); a box in one list only is infinitely far. */
export const distance = (a: readonly (number[] | null)[], b: readonly (number[] | null)[]): number =>
  Math.max(
    0,
    ...[...Array(Math.max(a.length, b.length)).keys()].flatMap((i) => {
      const [one, other] = [a[i] ?? null, b[i] ?? null];
      if (!one || !other) return one === other ? [] : [Number.POSITIVE_INFINITY];
      return one.map((n, j) => Math.abs(n - (other[j] ?? Number.NaN)));
    }),
  );

/**
 * From now until the returned read, on every frame painted (the frame's, then the app's): the newest answer's
 * header's top and its bottom (px), which move with what is above them in a long chat, and with its height in a
 * short one.
 */
export async function watchNewestAnswer(page: Page): Promise<() => Promise<number[][]>> {
  await page.evaluate(() => {
    const seen = window as unknown as { edges: number[][]; watching: boolean };
    seen.edges = [];
    seen.watching = true;
    const look = () => {
      const root = document.getElementById("boot-shell") ? "#boot-shell" : "#root";
      const answer = [...document.querySelectorAll(`${root} article.message.model`)].at(-1);
      const header = answer?.querySelector(".message-header");
      if (answer && header)
        seen.edges.push(
          [header.getBoundingClientRect().top, answer.getBoundingClientRect().bottom].map(Math.round),
        );
      if (seen.watching) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () =>
    page.evaluate(() => {
      const seen = window as unknown as { edges: number[][]; watching: boolean };
      seen.watching = false;
      return seen.edges;
    });
}

/** The most any edge moved from where the first frame painted it (px). */
export const mostMoved = (seen: readonly number[][]): number => {
  const still = seen[0] ?? [];
  return Math.max(0, ...seen.flatMap((now) => now.map((edge, i) => Math.abs(edge - (still[i] ?? 0)))));
};
