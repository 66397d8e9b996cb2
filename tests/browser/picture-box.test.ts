// Journey: a generated picture's box is kept before it loads (its size is stored with it), so an open chat's page
// does not move as its pictures arrive: the picture is held back here, and its box is already its size.
import { describe, expect, it } from "vitest";
import { appUrl, poll, send, sessionPerFile, waitForAnswer, watchProblems } from "./chat-support";

const session = sessionPerFile();

describe("a generated picture before it has loaded", () => {
  it("takes its own size in the chat, and the answer's footer does not move when it arrives", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="test-image"]').click();
    await send(page, "a blue circle");
    await poll(() =>
      waitForAnswer(page).then((answer) => answer.locator(".generated-images img").count()),
    ).toBe(1);

    // Reloaded with the picture held back (routing also turns the HTTP cache off).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/files/generated/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: "domcontentloaded" });
    // The app's own list, once the open chat's first frame (which keeps the box too) has handed over.
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    const answer = await waitForAnswer(page);
    const picture = answer.locator(".generated-images img");
    await picture.waitFor();
    const before = await picture.evaluate((img: HTMLImageElement) => ({
      loaded: img.complete && img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
      height: img.getBoundingClientRect().height,
    }));
    // The built-in test image model draws a 128 px square.
    expect(before).toEqual({ loaded: false, width: 128, height: 128 });
    const footerTop = () =>
      answer.locator(".message-footer").evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const top = await footerTop();

    release();
    await poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
    expect(await footerTop()).toBe(top);
    await page.unroute("**/api/files/generated/**");
    expect(problems).toEqual([]);
  });
});
