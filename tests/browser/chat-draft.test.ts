// Journey: what the user was typing survives a reload, per chat and for a new chat, and goes once sent.
import { describe, expect, it } from "vitest";
import { appUrl, composer, currentChatId, poll, send, sessionPerFile, waitForAnswer } from "./chat-support";

const session = sessionPerFile();

describe("message drafts", () => {
  it("keeps the draft of a new chat and of an open chat through a reload, each in its place", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "A chat to hold a draft");
    const chatId = await currentChatId(page);
    await waitForAnswer(page);

    await composer(page).fill("Half a thought about\nseveral lines");
    await page.reload();
    await poll(() => composer(page).inputValue()).toBe("Half a thought about\nseveral lines");

    await page.getByRole("link", { name: "New chat" }).click();
    await page.waitForURL(/\/app\/a\/default$/);
    await poll(() => composer(page).inputValue()).toBe("");
    await composer(page).fill("An idea for another chat");
    await page.reload();
    await poll(() => composer(page).inputValue()).toBe("An idea for another chat");

    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await poll(() => composer(page).inputValue()).toBe("Half a thought about\nseveral lines");
  });

  it("forgets a draft once it is sent", async () => {
    const { page } = session;
    await composer(page).press("Enter");
    await waitForAnswer(page);
    expect(await composer(page).inputValue()).toBe("");
    await page.reload();
    await page.locator("#root article.message.model").first().waitFor();
    expect(await composer(page).inputValue()).toBe("");
  });

  it("breaks the line with Shift+Enter instead of sending", async () => {
    const { page } = session;
    const count = await page.locator("#root article.message.user").count();
    await composer(page).fill("first line");
    await composer(page).press("Shift+Enter");
    await composer(page).pressSequentially("second line");
    expect(await composer(page).inputValue()).toBe("first line\nsecond line");
    expect(await page.locator("#root article.message.user").count()).toBe(count);
  });
});
