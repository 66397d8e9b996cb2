// Journey: a generated picture has a "Download" link beside it that saves the file under a readable name
// (the chat's title or the model, and the picture's number), not the random key it is stored under.
import { describe, expect, it } from "vitest";
import { appUrl, poll, send, sessionPerFile, waitForAnswer, watchProblems } from "./chat-support";

const session = sessionPerFile();

describe("a generated picture", () => {
  it("offers Download, whose link saves the picture as an attachment with a readable name", async () => {
    const { page, context } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="test-image"]').click();
    await send(page, "a yellow star");

    const answer = await waitForAnswer(page);
    const picture = answer.locator(".generated-images img");
    await poll(() => picture.count()).toBe(1);
    const link = answer.locator(".generated-images").getByRole("link", { name: "Download" });
    expect(await link.count()).toBe(1);
    const src = await picture.getAttribute("src");
    expect(src).toMatch(/^\/api\/files\/generated\/\d+\/\d+\/\d+\/[0-9a-f-]+\.png$/);
    expect(await link.getAttribute("href")).toBe(`${src}?download=1`);
    expect(await link.getAttribute("download")).toBe("");

    const res = await context.request.get(`${appUrl()}${src}?download=1`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename=".+-1\.png"/);

    // The browser saves it (rather than opening a tab) under the server's name, not the stored uuid.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/-1\.png$/);
    expect(download.suggestedFilename()).not.toContain(src?.split("/").pop()?.replace(".png", "") ?? "?");
    expect(problems).toEqual([]);
  });
});
