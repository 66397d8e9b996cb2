// Shared steps of the open chat's first-frame journeys (src/sharing/chat-shell.ts): the app's scripts held
// back, so that only the frame is on the page until the test lets the app take over.
import type { Page, Route } from "playwright-core";
import { expect } from "vitest";
import { appUrl, type ChatSession, watchProblems } from "./chat-support";

export const PHONE = { width: 390, height: 844 };
export const COMPUTER = { width: 1280, height: 800 };

/** Each case on a phone, then on a computer (its `device` named for the test's title). */
export const onDevices = <const T extends object>(cases: readonly T[]) =>
  cases.flatMap((c) => [
    { ...c, device: "a phone", viewport: PHONE },
    { ...c, device: "a computer", viewport: COMPUTER },
  ]);

/** A question (or a grid's button pressed) sent through the API: the chat's and its answer's ids. */
export async function send(
  session: ChatSession,
  data: object,
  chatId?: number,
): Promise<{ chatId: number; answerId: number }> {
  const sent = await session.context.request.post(`${appUrl()}/api/chat/${chatId ? "send" : "new"}`, {
    headers: { Origin: appUrl() },
    data: { content: "", attachmentIds: [], ...data, ...(chatId ? { chatId } : { assistantId: "default" }) },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const started = (await sent.json()) as { chat?: { id: number }; modelMessage: { id: number } };
  return { chatId: chatId ?? (started.chat?.id as number), answerId: started.modelMessage.id };
}

/** Reads a chat's live stream to its end: its last answer is then finished (or failed). */
export async function readToEnd(session: ChatSession, chatId: number): Promise<void> {
  await (await session.context.request.get(`${appUrl()}/api/chat/${chatId}/stream`)).text();
}

/** A question answered to its end: the chat's id. */
export async function ask(session: ChatSession, data: object, chatId?: number): Promise<number> {
  const sent = await send(session, data, chatId);
  await readToEnd(session, sent.chatId);
  return sent.chatId;
}

/** `make` called once for each list of arguments (a chat the file's tests share); `made`: all it has made. */
export function madeOnce<A extends readonly (string | number)[], T>(make: (...args: A) => Promise<T>) {
  const made = new Map<string, Promise<T>>();
  const once = (...args: A): Promise<T> => {
    const key = args.join(" ");
    if (!made.has(key)) made.set(key, make(...args));
    return made.get(key) as Promise<T>;
  };
  return Object.assign(once, { made: () => [...made.values()] });
}

/** A new page opening `path` with the app's scripts held: only the frame will be on it. */
export async function openHeld(session: ChatSession, path: string) {
  const page = await session.context.newPage();
  const scripts = await holdScripts(page);
  await page.goto(`${appUrl()}${path}`, { waitUntil: "commit" });
  return { page, scripts };
}

/** A long chat's start: two exchanges, together taller than a screen, so that the chat is shown from its end. */
export async function startLongChat(session: ChatSession, model = "test"): Promise<number> {
  const chatId = await ask(session, { model, content: "Tell me about lamps" });
  await ask(session, { model, content: "And about their bulbs" }, chatId);
  return chatId;
}

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
 * From now until the returned read, on every frame painted (the frame's, then the app's): the newest `count`
 * answers' headers' tops and their bottoms (px, newest first), which move with what is above them in a long chat,
 * and with their height in a short one.
 */
export async function watchNewestAnswer(page: Page, count = 1): Promise<() => Promise<number[][]>> {
  await page.evaluate((count) => {
    const seen = window as unknown as { edges: number[][]; watching: boolean };
    seen.edges = [];
    seen.watching = true;
    const look = () => {
      const root = document.getElementById("boot-shell") ? "#boot-shell" : "#root";
      const all = [...document.querySelectorAll(`${root} article.message.model`)].reverse().slice(0, count);
      const edges = all.flatMap((answer) => {
        const header = answer.querySelector(".message-header")?.getBoundingClientRect();
        return header ? [header.top, answer.getBoundingClientRect().bottom].map(Math.round) : [];
      });
      if (edges.length > 0) seen.edges.push(edges);
      if (seen.watching) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, count);
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

/**
 * A new page at `viewport` opening the chat with the app's scripts held: once the frame is up (its composer), the
 * page, the problems it reports and its held scripts. `beforeGoto` holds more of the page's requests.
 */
export async function openHeldFrame(
  session: ChatSession,
  chatId: number,
  viewport: { width: number; height: number },
  beforeGoto?: (page: Page) => Promise<unknown>,
) {
  const page = await session.context.newPage();
  await page.setViewportSize(viewport);
  const problems = watchProblems(page);
  const scripts = await holdScripts(page);
  await beforeGoto?.(page);
  await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
  await page.locator("#boot-shell[data-chat] .boot-input").waitFor();
  expect(scripts.held()).toBeGreaterThan(0);
  return { page, problems, scripts };
}

/** Lets the app take over: its scripts run, and the frame goes. */
export async function handOver(page: Page, scripts: { release(): Promise<void> }): Promise<void> {
  await scripts.release();
  await page.locator("#boot-shell").waitFor({ state: "detached" });
}
