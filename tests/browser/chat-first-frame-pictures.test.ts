// Journey: an answer's pictures in the open chat's first frame (src/sharing/chat-shell-media.ts) as the app shows
// them: a Midjourney grid's rows of buttons (U1–U4, V1–V4) under it, and the footer (its Regenerate button) the
// app gives a last answer that has a picture and no words. A long chat is shown from its end: a part the frame
// left out moved everything above it at the handover (a short one, everything under it), on a phone as on a
// computer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, poll, sessionPerFile, watchProblems } from "./chat-support";
import { holdScripts } from "./first-frame-support";

const session = sessionPerFile();

/** A question (or a grid's button pressed) answered to its end through the API: the chat's and answer's ids. */
async function ask(data: object, chatId?: number): Promise<{ chatId: number; answerId: number }> {
  const api = session.context.request;
  const body = {
    content: "",
    attachmentIds: [],
    ...data,
    ...(chatId ? { chatId } : { assistantId: "default" }),
  };
  const sent = await api.post(`${appUrl()}/api/chat/${chatId ? "send" : "new"}`, {
    headers: { Origin: appUrl() },
    data: body,
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const started = (await sent.json()) as { chat?: { id: number }; modelMessage: { id: number } };
  const id = chatId ?? (started.chat?.id as number);
  await (await api.get(`${appUrl()}/api/chat/${id}/stream`)).text();
  return { chatId: id, answerId: started.modelMessage.id };
}

/**
 * The last answer: a Midjourney grid, that grid's first picture upscaled (one picture, no buttons), a grid of
 * its second picture's variations (buttons of its own), or a test model's picture without words.
 */
type Kind = "grid" | "upscale" | "variation" | "picture";
type Length = "long" | "short";

/** A short chat is the last exchange alone (two for a press), shown from the top; a long one has two more first. */
async function makeChat(kind: Kind, length: Length): Promise<number> {
  let chatId: number | undefined;
  if (length === "long") {
    chatId = (await ask({ model: "test", content: "Tell me about lamps" })).chatId;
    await ask({ model: "test", content: "And about their bulbs" }, chatId);
  }
  if (kind === "picture")
    return (await ask({ model: "test-image", content: "A small red boat" }, chatId)).chatId;
  const grid = await ask({ model: "midjourney", content: "a castle on a hill" }, chatId);
  if (kind === "grid") return grid.chatId;
  const choice = kind === "upscale" ? "U1" : "V2";
  await ask({ midjourneyAction: { messageId: grid.answerId, choice } }, grid.chatId);
  return grid.chatId;
}
const chats = new Map<string, Promise<number>>();
const chatOf = (kind: Kind, length: Length) => {
  const key = `${kind} ${length}`;
  if (!chats.has(key)) chats.set(key, makeChat(kind, length));
  return chats.get(key) as Promise<number>;
};

/**
 * The frame's or the app's last two answers (newest first): the boxes (px) of each one's header, pictures, rows of
 * buttons and each button, footer and its own; the rows' and the buttons' words (shown, and their names) and the
 * buttons' looks.
 */
const answers = (page: Page, root: string) =>
  page.evaluate((root) => {
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r ? [r.left, r.top, r.width, r.height].map((n) => Math.round(n)) : null;
    };
    const all = [...document.querySelectorAll(`${root} article.message.model`)].reverse().slice(0, 2);
    return {
      places: all.map((answer) => [
        box(answer.querySelector(".message-header")),
        ...[...answer.querySelectorAll(".generated-images img")].map(box),
        ...[...answer.querySelectorAll(".image-choices, .image-choices button")].map(box),
        box(answer.querySelector(".message-footer")),
        box(answer),
      ]),
      words: all.map((answer) =>
        [...answer.querySelectorAll(".image-choices, .image-choices button")].map((el) =>
          el.tagName === "BUTTON"
            ? [el.textContent, el.getAttribute("aria-label"), el.getAttribute("title")].join(" / ")
            : el.getAttribute("aria-label"),
        ),
      ),
      looks: all.map((answer) =>
        [...answer.querySelectorAll(".image-choices button")].map((el) => {
          const s = getComputedStyle(el);
          return [
            s.color,
            s.backgroundColor,
            s.borderTopColor,
            s.borderRadius,
            s.fontSize,
            s.fontWeight,
          ].join(" ");
        }),
      ),
      long:
        (document.querySelector("#boot-shell .boot-messages")?.scrollHeight ?? 0) >
        (document.querySelector("#boot-shell .boot-chat")?.clientHeight ?? Infinity),
    };
  }, root);

/** From now until `stop`, on every frame painted: the last two answers' headers' tops and their bottoms. */
async function watchEdges(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { edges: number[][]; watching: boolean };
    seen.edges = [];
    seen.watching = true;
    const look = () => {
      const root = document.getElementById("boot-shell") ? "#boot-shell" : "#root";
      const all = [...document.querySelectorAll(`${root} article.message.model`)].reverse().slice(0, 2);
      const edges = all.flatMap((answer) => {
        const header = answer.querySelector(".message-header")?.getBoundingClientRect();
        return header ? [header.top, answer.getBoundingClientRect().bottom].map(Math.round) : [];
      });
      if (edges.length > 0) seen.edges.push(edges);
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

/** How far apart two lists of boxes are (px); a box in one list only is infinitely far. */
const distance = (a: (number[] | null)[], b: (number[] | null)[]) =>
  Math.max(
    0,
    ...[...Array(Math.max(a.length, b.length)).keys()].flatMap((i) => {
      const [one, other] = [a[i] ?? null, b[i] ?? null];
      if (!one || !other) return one === other ? [] : [Number.POSITIVE_INFINITY];
      return one.map((n, j) => Math.abs(n - (other[j] ?? Number.NaN)));
    }),
  );

const PHONE = { width: 390, height: 844 };
const COMPUTER = { width: 1280, height: 800 };
const UPSCALES = ["U1", "U2", "U3", "U4"].map((c) => `${c} / Upscale ${c} / Upscale ${c}`);
const VARIATIONS = [1, 2, 3, 4].map((n) => `V${n} / Vary picture ${n} (V${n}) / Vary picture ${n} (V${n})`);
const ROWS = ["Upscale one picture", ...UPSCALES, "Vary one picture", ...VARIATIONS];

describe("an answer's pictures in an open chat's first frame", () => {
  const cases = (kind: Kind, lengths: readonly Length[]) =>
    lengths.flatMap((length) => [
      { kind, length, device: "a phone", viewport: PHONE },
      { kind, length, device: "a computer", viewport: COMPUTER },
    ]);
  it.each([
    ...cases("grid", ["long", "short"]),
    ...cases("picture", ["long", "short"]),
    ...cases("upscale", ["long"]),
    ...cases("variation", ["long"]),
  ])(
    "are drawn as the app draws them (the last answer a $kind), so nothing moves at the handover: a $length chat on $device",
    async ({ kind, length, viewport }) => {
      const chatId = await chatOf(kind, length);
      const page = await session.context.newPage();
      await page.setViewportSize(viewport);
      const problems = watchProblems(page);
      const scripts = await holdScripts(page);
      await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
      await page.locator("#boot-shell[data-chat] .boot-input").waitFor();
      expect(scripts.held()).toBeGreaterThan(0);
      const inFrame = await answers(page, "#boot-shell");
      expect(inFrame.long).toBe(length === "long");
      const edges = await watchEdges(page);

      await scripts.release();
      await page.locator("#boot-shell").waitFor({ state: "detached" });
      const last = page.locator("#root article.message.model").last();
      // The last answer's Regenerate button, and each grid's buttons.
      await last.locator(".message-footer .message-retry").waitFor();
      await poll(() => page.locator("#root .image-choices button").count()).toBe(
        { grid: 8, upscale: 8, variation: 16, picture: 0 }[kind],
      );
      const inApp = await answers(page, "#root");
      const seen = await edges();
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      // The app's rows under a grid, and none under a picture alone…
      const grids = { grid: [ROWS], upscale: [[], ROWS], variation: [ROWS, ROWS], picture: [[]] }[kind];
      expect(inApp.words.slice(0, grids.length), boxesSeen).toEqual(grids);
      // …the frame draws with the same words, in the same places: nothing moves…
      expect(inFrame.words).toEqual(inApp.words);
      expect(inFrame.looks).toEqual(inApp.looks);
      expect(inFrame.places.length).toBe(inApp.places.length);
      for (const [i, places] of inApp.places.entries())
        expect(distance(places, inFrame.places[i] ?? []), boxesSeen).toBeLessThanOrEqual(1);
      // …nor on any frame painted between.
      const still = seen[0] ?? [];
      expect(seen.length).toBeGreaterThan(0);
      const moved = Math.max(
        ...seen.flatMap((now) => now.map((edge, i) => Math.abs(edge - (still[i] ?? 0)))),
      );
      expect(moved, JSON.stringify(seen)).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("names a grid's rows and buttons in the reader's language", async () => {
    const chatId = await chatOf("grid", "short");
    const page = await session.context.newPage();
    const scripts = await holdScripts(page);
    await page.goto(`${appUrl()}/fr/app/a/default/c/${chatId}`, { waitUntil: "commit" });
    const answer = page.locator("#boot-shell[data-chat] article.message.model").last();
    await poll(() => answer.locator(".image-choices").first().getAttribute("aria-label")).toBe(
      "Agrandir une image",
    );
    const names = answer
      .locator(".image-choices button")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    await expect(names).resolves.toEqual([
      ...["U1", "U2", "U3", "U4"].map((c) => `Agrandir ${c}`),
      ...[1, 2, 3, 4].map((n) => `Varier l'image ${n} (V${n})`),
    ]);
    expect(await answer.locator(".image-choices").last().getAttribute("aria-label")).toBe("Varier une image");
    expect(scripts.held()).toBeGreaterThan(0);
    await page.close();
  });
});
