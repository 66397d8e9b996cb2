// Journey: a question sent with files shows them in the open chat's first frame (src/sharing/chat-shell-media.ts)
// above it, in the app's boxes — a picture's thumbnail, a document's chip with its name — so that nothing moves
// when the app takes over, on a phone as on a computer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fakePng } from "../upstreams/fake-content";
import {
  appUrl,
  composer,
  currentChatId,
  lastAnswer,
  poll,
  sessionPerFile,
  waitForAnswer,
  watchProblems,
} from "./chat-support";
import { handOver, holdScripts, onDevices } from "./first-frame-support";

const session = sessionPerFile();
/** Its answer is stopped after a word: a short chat, shown from the top, where files above a question push it. */
const QUESTION = "[[hang]] What do this picture and these notes say?";
const PICTURE = "harbour.png";
const NOTES = "trip-notes.md";
let asked: Promise<number> | undefined;

/** The chat, made at the first test's start: its question sent as a reader sends files, through the composer. */
const theChat = () => {
  asked ??= askWithFiles();
  return asked;
};

async function askWithFiles(): Promise<number> {
  const page = session.page;
  await page.goto(`${appUrl()}/app/a/default`);
  await composer(page).fill(QUESTION);
  await page.getByTestId("composer-file-input").setInputFiles([
    { name: PICTURE, mimeType: "image/png", buffer: Buffer.from(fakePng("harbour", 160)) },
    { name: NOTES, mimeType: "text/markdown", buffer: Buffer.from("# Trip\n\nThe harbour at dawn.") },
  ]);
  await poll(() => page.locator("#root [data-testid='file-chip']").count()).toBe(2);
  await poll(() => page.getByRole("button", { name: "Send" }).isDisabled()).toBe(false);
  await composer(page).press("Enter");
  const chatId = await currentChatId(page);
  await poll(() => lastAnswer(page).locator(".markdown").count()).toBe(1);
  await page.getByRole("button", { name: "Stop generating" }).click();
  await waitForAnswer(page);
  return chatId;
}

/** The question's bubble and each of its files, as boxes (px), in the frame or in the app. */
const boxes = (page: Page, root: string) =>
  page.locator(`${root} article.message.user`, { hasText: QUESTION }).evaluate((question) =>
    [...question.querySelectorAll(".message-files > li"), question.querySelector(".user-bubble")].map(
      (el) => {
        const box = el?.getBoundingClientRect();
        return box ? [box.left, box.top, box.width, box.height].map((n) => Math.round(n)) : null;
      },
    ),
  );

/**
 * From now until `stop`, the question's bubble's top on every frame the page paints: the frame's while it is
 * there, then the app's. A question that moves for a single frame at the handover shows here.
 */
async function watchQuestionTop(page: Page) {
  await page.evaluate(() => {
    const seen = window as unknown as { questionTops: number[]; watching: boolean };
    seen.questionTops = [];
    seen.watching = true;
    const look = () => {
      const bubble =
        document.querySelector("#boot-shell .user-bubble") ?? document.querySelector("#root .user-bubble");
      if (bubble) seen.questionTops.push(Math.round(bubble.getBoundingClientRect().top));
      if (seen.watching) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () =>
    page.evaluate(() => {
      const seen = window as unknown as { questionTops: number[]; watching: boolean };
      seen.watching = false;
      return seen.questionTops;
    });
}

describe("a question's files in an open chat's first frame", () => {
  it.each(onDevices([{}]))(
    "are drawn above it as the app draws them, so it does not move at the handover, on $device",
    async ({ viewport }) => {
      const chatId = await theChat();
      const page = await session.context.newPage();
      await page.setViewportSize(viewport);
      const problems = watchProblems(page);
      const scripts = await holdScripts(page);
      await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });

      const frame = page.locator("#boot-shell[data-chat]");
      const asked = frame.locator("article.message.user", { hasText: QUESTION });
      await asked.waitFor();
      // The picture as the app's thumbnail, named by its file; the notes as a chip whose name shows.
      const picture = asked.getByRole("img", { name: PICTURE });
      await poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const chip = asked.locator(".file-chip", { hasText: NOTES });
      await expect(chip.locator(".file-chip-name").isVisible()).resolves.toBe(true);
      expect(await chip.locator(".file-chip-name").textContent()).toBe(NOTES);
      expect(scripts.held()).toBeGreaterThan(0);
      const inFrame = await boxes(page, "#boot-shell");
      const frameTop = inFrame.at(-1)?.[1] ?? Number.NaN;
      const tops = await watchQuestionTop(page);

      await handOver(page, scripts);
      const thumbnail = page.locator("#root article.message.user img.message-image");
      await poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
        0,
      );
      const inApp = await boxes(page, "#root");
      const seen = await tops();
      // Every box where the frame had it: each file, and the question under them.
      expect(inApp).toHaveLength(3);
      const moved = inApp.flatMap((box, i) =>
        (box ?? [Number.NaN]).map((n, j) => Math.abs(n - (inFrame[i]?.[j] ?? Number.NaN))),
      );
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      expect(Math.max(...moved), boxesSeen).toBeLessThanOrEqual(1);
      // And on every frame painted between: the question never left its place.
      expect(seen.length).toBeGreaterThan(0);
      const topsSeen = `frame ${frameTop}, then ${seen.join(" ")}`;
      expect(Math.max(...seen.map((top) => Math.abs(top - frameTop))), topsSeen).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
