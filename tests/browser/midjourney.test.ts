// Journey: Midjourney's grid offers U1–U4 and V1–V4 below it, as Midjourney does; pressing U asks for that
// picture upscaled, V for a new grid of its variations, as a new exchange of the chat (Midjourney played by its
// local stand-in).
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  currentChatId,
  lastAnswer,
  poll,
  send,
  sessionPerFile,
  shownText,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

const session = sessionPerFile();

/** The picture's width once loaded (0 before). */
const widthOf = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

/** A new Midjourney chat asked `prompt`, once its grid is done. */
async function newGrid(page: Page, prompt: string): Promise<Locator> {
  await page.goto(`${appUrl()}/app/a/default`);
  await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
  await page.locator(".model-picker-button").click();
  await page.locator('[role="option"][data-model="midjourney"]').click();
  await send(page, prompt);
  return waitForAnswer(page);
}

const upscales = (answer: Locator) =>
  answer.getByRole("group", { name: "Upscale one picture" }).getByRole("button");
const variations = (answer: Locator) =>
  answer.getByRole("group", { name: "Vary one picture" }).getByRole("button");

describe("a Midjourney grid", () => {
  it("shows U1–U4 under the grid, and U1 answers the upscaled picture in the same chat", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    const grid = await newGrid(page, "a castle on a hill");
    const chatId = await currentChatId(page);
    await poll(() => upscales(grid).allInnerTexts()).toEqual(["U1", "U2", "U3", "U4"]);
    // The stand-in's grid is 64 px wide, its upscales 32.
    await poll(() => widthOf(grid.locator(".generated-images img"))).toBe(64);

    await grid.getByRole("button", { name: "Upscale U1" }).click();
    await poll(() => shownText(page.locator("#root article.message.user").last())).toContain("Upscale U1");
    const upscaled = lastAnswer(page);
    await poll(() => upscaled.locator(".generated-images img").count(), 30_000).toBe(1);
    await poll(() => widthOf(upscaled.locator(".generated-images img")), 30_000).toBe(32);
    // An upscale is one picture: no buttons under it; the grid keeps its own.
    await waitForAnswer(page);
    expect(await upscaled.getByRole("button", { name: /^Upscale U/ }).count()).toBe(0);
    expect(await upscaled.getByRole("button", { name: /^Vary / }).count()).toBe(0);
    expect(await page.locator("#root article.message.model").count()).toBe(2);
    expect(await page.getByRole("button", { name: "Upscale U1" }).count()).toBe(1);
    expect(new URL(page.url()).pathname.endsWith(`/c/${chatId}`)).toBe(true);

    // After a reload the exchange is still there, read back from the server.
    await page.reload();
    await poll(() => page.locator("#root article.message.user").count()).toBe(2);
    await poll(() => shownText(page.locator("#root article.message.user").last())).toContain("Upscale U1");
    await poll(() => widthOf(lastAnswer(page).locator(".generated-images img"))).toBe(32);
    expect(problems).toEqual([]);
  });

  it("shows V1–V4 under the grid, reached by keyboard; V2 answers a new grid with its own buttons", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    const grid = await newGrid(page, "a lighthouse at dusk");
    await poll(() => variations(grid).allInnerTexts()).toEqual(["V1", "V2", "V3", "V4"]);
    await poll(() => widthOf(grid.locator(".generated-images img"))).toBe(64);

    // On a 360 px phone both rows fit, each on one line, and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      const rows = await grid.locator(".image-choices").evaluateAll((fieldsets) =>
        fieldsets.map((fieldset) => {
          const boxes = [...fieldset.querySelectorAll("button")].map((b) => b.getBoundingClientRect());
          return {
            lines: new Set(boxes.map((box) => Math.round(box.top))).size,
            right: Math.max(...boxes.map((b) => b.right)),
          };
        }),
      );
      expect(rows.map((row) => row.lines)).toEqual([1, 1]);
      expect(Math.max(...rows.map((row) => row.right))).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // From U4, the keyboard goes on to V1 then V2, which Enter presses.
    await grid.getByRole("button", { name: "Upscale U4" }).focus();
    await page.keyboard.press("Tab");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Vary picture 1 (V1)",
    );
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await poll(() => shownText(page.locator("#root article.message.user").last())).toContain("Vary V2");

    // A new grid of variations (the stand-in's are 48 px wide), with buttons of its own; the grid keeps its own.
    const varied = lastAnswer(page);
    await poll(() => widthOf(varied.locator(".generated-images img")), 30_000).toBe(48);
    await waitForAnswer(page);
    await poll(() => variations(varied).allInnerTexts()).toEqual(["V1", "V2", "V3", "V4"]);
    expect(await upscales(varied).allInnerTexts()).toEqual(["U1", "U2", "U3", "U4"]);
    expect(await variations(grid).count()).toBe(4);
    expect(await page.getByRole("button", { name: "Vary picture 2 (V2)" }).count()).toBe(2);

    // After a reload the variations are still there, buttons and all.
    await page.reload();
    await poll(() => shownText(page.locator("#root article.message.user").last())).toContain("Vary V2");
    await poll(() => widthOf(lastAnswer(page).locator(".generated-images img"))).toBe(48);
    await poll(() => variations(lastAnswer(page)).count()).toBe(4);
    expect(problems).toEqual([]);
  });
});
