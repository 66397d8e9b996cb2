// Journey: a failed last answer in the open chat's first frame (src/sharing/chat-shell-notice.ts) shows the app's
// notice under its text: the alert icon, its sentence in the reader's language (naming the provider) and Retry. A
// long chat is shown from its end: the notice the frame left out moved everything above it at the handover (a
// short one, the answer's end), on a phone as on a computer.
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
  startLongChat,
  watchNewestAnswer,
} from "./first-frame-support";

const session = sessionPerFile();

type Length = "long" | "short";

/** The last answer fails half-way (provider unavailable); a long chat has two exchanges before it. */
async function makeChat(length: Length): Promise<number> {
  if (length === "short") return ask(session, { model: "test", content: "[[error]] Lamps?" });
  const chatId = await startLongChat(session);
  return ask(session, { model: "test", content: "[[error]] Which one should I buy?" }, chatId);
}
const chatOf = madeOnce(makeChat);

/**
 * The newest answer in the frame or in the app: the boxes (px) of its question's bubble, its header, its text, its
 * notice and the notice's icon, sentence and button, its footer and its own; the notice's words, icons' drawings
 * and looks.
 */
const newestAnswer = (page: Page, root: string) =>
  page.evaluate((root) => {
    const answer = [...document.querySelectorAll(`${root} article.message.model`)].at(-1);
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r ? [r.left, r.top, r.width, r.height].map((n) => Math.round(n)) : null;
    };
    const notice = answer?.querySelector(".message-notice");
    const button = notice?.querySelector("button");
    const look = (el: Element | null | undefined) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor, s.borderTopColor, s.borderRadius, s.fontSize, s.fontWeight].join(
        " ",
      );
    };
    return {
      places: [
        [...document.querySelectorAll(`${root} .user-bubble`)].at(-1),
        answer?.querySelector(".message-header"),
        answer?.querySelector(".markdown"),
        notice,
        notice?.querySelector(":scope > svg"),
        notice?.querySelector(":scope > span"),
        button,
        answer?.querySelector(".message-footer"),
        answer,
      ].map(box),
      words: [notice?.querySelector(":scope > span"), button].map((el) => el?.textContent ?? null),
      icons: [...(notice?.querySelectorAll("svg") ?? [])].map((svg) =>
        ["width", "height", "viewBox", "stroke-width"]
          .map((name) => svg.getAttribute(name))
          .concat(svg.querySelector("path")?.getAttribute("d") ?? ""),
      ),
      looks: [notice, button].map(look),
      long:
        (document.querySelector("#boot-shell .boot-messages")?.scrollHeight ?? 0) >
        (document.querySelector("#boot-shell .boot-chat")?.clientHeight ?? Infinity),
    };
  }, root);

const SENTENCE =
  "Model temporarily unavailable, probably an issue with Test. Check its status page, retry in 10 minutes or use another model.";

describe("a failed answer in an open chat's first frame", () => {
  it.each(onDevices([{ length: "long" }, { length: "short" }] as const))(
    "shows the app's notice and Retry, so nothing moves at the handover: a $length chat on $device",
    async ({ length, viewport }) => {
      const chatId = await chatOf(length);
      const { page, problems, scripts } = await openHeldFrame(session, chatId, viewport);
      const inFrame = await newestAnswer(page, "#boot-shell");
      expect(inFrame.long).toBe(length === "long");
      const edges = await watchNewestAnswer(page);

      await handOver(page, scripts);
      const last = page.locator("#root article.message.model").last();
      await last.locator(".md-block").last().waitFor();
      await last.locator(".message-notice .message-retry").waitFor();
      const inApp = await newestAnswer(page, "#root");
      const seen = await edges();
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      // The app's notice: its sentence naming the provider, and Retry…
      expect(inApp.words, boxesSeen).toEqual([SENTENCE, " Retry"]);
      // …the frame draws with the same words, icons and looks, in the same places: nothing moves…
      expect(inFrame.words).toEqual(inApp.words);
      expect(inFrame.icons).toEqual(inApp.icons);
      expect(inFrame.looks).toEqual(inApp.looks);
      expect(distance(inApp.places, inFrame.places), boxesSeen).toBeLessThanOrEqual(1);
      // …nor on any frame painted between.
      expect(seen.length).toBeGreaterThan(0);
      expect(mostMoved(seen), JSON.stringify(seen)).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("says the notice in the reader's language", async () => {
    const chatId = await chatOf("short");
    const { page, scripts } = await openHeld(session, `/fr/app/a/default/c/${chatId}`);
    const notice = page.locator("#boot-shell[data-chat] article.message.model .message-notice");
    await poll(() => notice.locator("span").textContent()).toBe(
      "Modèle temporairement indisponible, probablement à cause d’un problème chez Test. Consultez sa page de statut, réessayez dans 10 minutes ou utilisez un autre modèle.",
    );
    expect(await notice.locator("button").textContent()).toBe(" Réessayer");
    expect(scripts.held()).toBeGreaterThan(0);
    await page.close();
  });
});
