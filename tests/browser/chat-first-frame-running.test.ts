// Journey: a page loaded while the chat's last answer is still being written (a reload during a long answer). Its
// saved row is empty until it ends: the open chat's first frame draws what the app shows as it takes over, the
// answer's writing dots and no footer (src/sharing/chat-shell-message.ts), then the app resumes the answer from its
// live stream. A long chat is shown from its end: a part drawn in the wrong size moved everything above it at the
// handover (a short one, the answer's end), on a phone as on a computer.
import type { Page, Route } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { appUrl, sessionPerFile } from "./chat-support";
import {
  distance,
  handOver,
  madeOnce,
  mostMoved,
  onDevices,
  openHeldFrame,
  send,
  startLongChat,
  watchNewestAnswer,
} from "./first-frame-support";

const session = sessionPerFile();

type Length = "long" | "short";

/** The last answer writes its first words, then waits until stopped (`[[hang]]`): it is still being written. */
async function makeChat(length: Length): Promise<number> {
  if (length === "short")
    return (await send(session, { model: "test", content: "[[hang]] How do lamps work?" })).chatId;
  const chatId = await startLongChat(session);
  return (await send(session, { model: "test", content: "[[hang]] Which one should I buy?" }, chatId)).chatId;
}
const chatOf = madeOnce(makeChat);
afterAll(async () => {
  for (const chat of chatOf.made())
    await session.context.request.post(`${appUrl()}/api/chat/stop`, {
      headers: { Origin: appUrl() },
      data: { chatId: await chat },
    });
});

/** The newest answer in the frame or in the app: the boxes (px) of its question, header, writing dots, text, footer, its own. */
const newestAnswer = (page: Page, root: string) =>
  page.evaluate((root) => {
    const answer = [...document.querySelectorAll(`${root} article.message.model`)].at(-1);
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r ? [r.left, r.top, r.width, r.height].map((n) => Math.round(n)) : null;
    };
    return {
      places: [
        [...document.querySelectorAll(`${root} .user-bubble`)].at(-1),
        answer?.querySelector(".message-header"),
        answer?.querySelector(".writing"),
        answer?.querySelector(".writing .dots"),
        answer?.querySelector(".markdown"),
        answer?.querySelector(".message-footer"),
        answer,
      ].map(box),
      dots: [...(answer?.querySelectorAll(".writing .dots i") ?? [])].map((dot) => {
        const s = getComputedStyle(dot);
        return [s.width, s.height, s.backgroundColor, s.borderRadius].join(" ");
      }),
      said: answer?.querySelector(".writing .visually-hidden")?.textContent ?? null,
      long:
        (document.querySelector("#boot-shell .boot-messages")?.scrollHeight ?? 0) >
        (document.querySelector("#boot-shell .boot-chat")?.clientHeight ?? Infinity),
    };
  }, root);

describe("an answer still being written in an open chat's first frame", () => {
  it.each(onDevices([{ length: "long" }, { length: "short" }] as const))(
    "shows the app's writing dots and no footer, so nothing moves at the handover: a $length chat on $device",
    async ({ length, viewport }) => {
      const chatId = await chatOf(length);
      // The live stream held too: the app takes over before its replay arrives, as on a slow network.
      const streams: Route[] = [];
      const { page, problems, scripts } = await openHeldFrame(session, chatId, viewport, (page) =>
        page.route(`**/api/chat/${chatId}/stream`, (route) => {
          streams.push(route);
        }),
      );
      const inFrame = await newestAnswer(page, "#boot-shell");
      expect(inFrame.long).toBe(length === "long");
      const edges = await watchNewestAnswer(page);

      await handOver(page, scripts);
      const last = page.locator("#root article.message.model").last();
      await last.locator(".writing .dots").waitFor();
      const inApp = await newestAnswer(page, "#root");
      const seen = await edges();
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      // The app shows its dots, no text yet and no footer…
      expect(inApp.places.slice(4, 6), boxesSeen).toEqual([null, null]);
      expect(inApp.said).toBe("Writing…");
      // …the frame draws them alike, in the same places: nothing moves…
      expect(inFrame.dots).toEqual(inApp.dots);
      expect(inFrame.said).toEqual(inApp.said);
      expect(distance(inApp.places, inFrame.places), boxesSeen).toBeLessThanOrEqual(1);
      // …nor on any frame painted between.
      expect(seen.length).toBeGreaterThan(0);
      expect(mostMoved(seen), JSON.stringify(seen)).toBeLessThanOrEqual(1);

      // Then the app resumes the answer from its stream: the words written so far, still being written. (The frame
      // cannot draw them: the saved row has none yet. They move what is above the answer by their height, less the
      // dots', as the answer's own words do while it is written.)
      for (const route of streams.splice(0)) await route.continue();
      await page.unroute(`**/api/chat/${chatId}/stream`);
      await last.locator(".md-block").first().waitFor();
      expect(await last.getAttribute("aria-busy")).toBe("true");
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
