// Journey: an answer's pictures in the open chat's first frame (src/sharing/chat-shell-media.ts) as the app shows
// them: a Midjourney grid's rows of buttons (U1–U4, V1–V4) under it, and the footer (its Regenerate button) the
// app gives a last answer that has a picture and no words. A long chat is shown from its end: a part the frame
// left out moved everything above it at the handover (a short one, everything under it), on a phone as on a
// computer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { poll, sessionPerFile } from "./chat-support";
import {
  ask,
  distance,
  handOver,
  madeOnce,
  mostMoved,
  onDevices,
  openHeld,
  openHeldFrame,
  readToEnd,
  send,
  startLongChat,
  watchNewestAnswer,
} from "./first-frame-support";

const session = sessionPerFile();

/**
 * The last answer: a Midjourney grid, that grid's first picture upscaled (one picture, no buttons), a grid of
 * its second picture's variations (buttons of its own), or a test model's picture without words.
 */
type Kind = "grid" | "upscale" | "variation" | "picture";
type Length = "long" | "short";

/** A short chat is the last exchange alone (two for a press), shown from the top; a long one has two more first. */
async function makeChat(kind: Kind, length: Length): Promise<number> {
  const chatId = length === "long" ? await startLongChat(session) : undefined;
  if (kind === "picture") return ask(session, { model: "test-image", content: "A small red boat" }, chatId);
  const grid = await send(session, { model: "midjourney", content: "a castle on a hill" }, chatId);
  await readToEnd(session, grid.chatId);
  if (kind === "grid") return grid.chatId;
  const choice = kind === "upscale" ? "U1" : "V2";
  return ask(session, { midjourneyAction: { messageId: grid.answerId, choice } }, grid.chatId);
}
const chatOf = madeOnce(makeChat);

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

const UPSCALES = ["U1", "U2", "U3", "U4"].map((c) => `${c} / Upscale ${c} / Upscale ${c}`);
const VARIATIONS = [1, 2, 3, 4].map((n) => `V${n} / Vary picture ${n} (V${n}) / Vary picture ${n} (V${n})`);
const ROWS = ["Upscale one picture", ...UPSCALES, "Vary one picture", ...VARIATIONS];

describe("an answer's pictures in an open chat's first frame", () => {
  const cases = (kind: Kind, lengths: readonly Length[]) =>
    onDevices(lengths.map((length) => ({ kind, length })));
  it.each([
    ...cases("grid", ["long", "short"]),
    ...cases("picture", ["long", "short"]),
    ...cases("upscale", ["long"]),
    ...cases("variation", ["long"]),
  ])(
    "are drawn as the app draws them (the last answer a $kind), so nothing moves at the handover: a $length chat on $device",
    async ({ kind, length, viewport }) => {
      const chatId = await chatOf(kind, length);
      const { page, problems, scripts } = await openHeldFrame(session, chatId, viewport);
      const inFrame = await answers(page, "#boot-shell");
      expect(inFrame.long).toBe(length === "long");
      // The last two answers' edges: a grid's press answers under the grid.
      const edges = await watchNewestAnswer(page, 2);

      await handOver(page, scripts);
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
      expect(seen.length).toBeGreaterThan(0);
      expect(mostMoved(seen), JSON.stringify(seen)).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("names a grid's rows and buttons in the reader's language", async () => {
    const chatId = await chatOf("grid", "short");
    const { page, scripts } = await openHeld(session, `/fr/app/a/default/c/${chatId}`);
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
