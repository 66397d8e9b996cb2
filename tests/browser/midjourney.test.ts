// Journey: Midjourney's grid offers U1–U4 below it, as Midjourney does; pressing one asks for that picture
// upscaled, as a new exchange of the chat (Midjourney played by its local stand-in).
import type { Locator } from "playwright-core";
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

describe("a Midjourney grid", () => {
  it("shows U1–U4 under the grid, and U1 answers the upscaled picture in the same chat", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="midjourney"]').click();
    await send(page, "a castle on a hill");
    const chatId = await currentChatId(page);

    const grid = await waitForAnswer(page);
    const buttons = grid.getByRole("group", { name: "Upscale one picture" }).getByRole("button");
    await poll(() => buttons.allInnerTexts()).toEqual(["U1", "U2", "U3", "U4"]);
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
});
