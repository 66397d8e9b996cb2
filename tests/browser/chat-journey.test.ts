// Journey: a new chat streams a rich answer, gets its title in the sidebar, is renamed, survives a reload
// mid-answer, is stopped with "(stopped)" (from the keyboard, the focus kept; a new chat's even before it
// exists), and is deleted; a question asked the moment an answer failed goes once that answer has ended; then
// an answer's web sources as a screen reader reads them.
import { beforeAll, describe, expect, it } from "vitest";
import {
  appUrl,
  composer,
  currentChatId,
  isStreaming,
  lastAnswer,
  poll,
  renameFromMenu,
  send,
  sessionPerFile,
  shownText,
  sidebarChats,
  waitForAnswer,
  watchMostQuestionsShown,
  watchProblems,
} from "./chat-support";
import { holdRequests } from "./session";

const session = sessionPerFile();
let problems: string[];
beforeAll(() => {
  problems = watchProblems(session.page);
});

describe("a chat from first message to deletion", () => {
  let chatId = 0;

  it("streams the answer of a new chat with a table, highlighted code and typeset math", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await send(page, "[[slow]] Compare apples and pears");

    // The question shows at once; the answer streams in below it.
    await page.locator("#root article.message.user", { hasText: "Compare apples and pears" }).waitFor();
    chatId = await currentChatId(page);
    const answer = lastAnswer(page);
    await poll(() => isStreaming(answer)).toBe(true);
    await answer.getByRole("heading", { name: /About/ }).waitFor();
    await poll(() => isStreaming(answer)).toBe(true);

    await waitForAnswer(page);
    await poll(() => answer.locator("table tbody tr").count()).toBe(5);
    expect(await answer.locator("table th").allTextContents()).toEqual(["#", "Word", "Length"]);
    await answer.locator(".code-block .code-lang", { hasText: "ts" }).waitFor();
    await answer.locator("pre code .hljs-keyword").first().waitFor();
    await answer.getByRole("button", { name: "Copy code" }).waitFor();
    await poll(() => answer.locator(".katex").count()).toBeGreaterThanOrEqual(3);
    await answer.locator(".katex-display").waitFor();
    // The source of the math never shows as text once typeset.
    expect(await shownText(answer.locator(".markdown"))).not.toContain("\\frac");
    await answer.locator(".message-header", { hasText: "Test" }).waitFor();
  });

  it("puts the chat at the top of the sidebar with its generated title", async () => {
    const first = sidebarChats(session.page).first();
    await poll(() => first.getAttribute("data-chat-id")).toBe(String(chatId));
    await poll(() => shownText(first)).toMatch(/About .*Compare apples and pears/);
    expect(await first.locator("a").getAttribute("aria-current")).toBe("page");
  });

  it("renames the chat inline, for good", async () => {
    const { page } = session;
    const item = sidebarChats(page).first();
    await renameFromMenu(page, item, "Fruit comparison");
    await poll(() => shownText(item)).toContain("Fruit comparison");
    await page.reload();
    await poll(() => shownText(sidebarChats(page).first())).toContain("Fruit comparison");
  });

  it("continues a streaming answer after a reload, with no gap, no duplicate and no error", async () => {
    const { page } = session;
    const mostShown = await watchMostQuestionsShown(page, "Now compare plums");
    await send(page, "[[slow]] Now compare plums and cherries please");
    const answer = lastAnswer(page);
    await answer.getByRole("heading", { name: /Now compare plums/ }).waitFor();
    // The question on its way gives way to the saved one in the same frame: never both.
    expect(await mostShown()).toBe(1);
    await answer.locator("li", { hasText: "Longest word" }).waitFor();
    expect(await isStreaming(answer)).toBe(true);

    await page.reload();
    const resumed = lastAnswer(page);
    // What was already said is back at once, and the answer is still being written.
    await resumed.getByRole("heading", { name: /Now compare plums/ }).waitFor();
    expect(await isStreaming(resumed)).toBe(true);
    await waitForAnswer(page);

    // The screen shows exactly what the server saved.
    const res = await page.request.get(`${appUrl()}/api/chat/${chatId}`);
    const { messages } = (await res.json()) as {
      messages: { content: string; metadata: { done: boolean } }[];
    };
    const saved = messages.at(-1);
    expect(saved?.metadata.done).toBe(true);
    expect(await resumed.getByRole("heading").count()).toBe(1);
    expect(await resumed.locator("table tbody tr").count()).toBe(5);
    expect(await resumed.locator(".code-block").count()).toBe(1);
    expect(saved?.content.match(/^## /gm)).toHaveLength(1);
    const shown = await shownText(resumed.locator(".markdown"));
    expect(shown).toContain("That is all for this part.");
    expect(shown.match(/Longest word/g)).toHaveLength(1);
    expect(await page.getByText("Response could not be saved").count()).toBe(0);
  });

  it("stops a generation: the text ends with (stopped) and the label says Generation Stopped", async () => {
    const { page } = session;
    await send(page, "[[hang]] Tell me a very long story");
    const answer = lastAnswer(page);
    await poll(() => answer.locator(".markdown").count()).toBe(1);
    expect(await isStreaming(answer)).toBe(true);
    // From the keyboard: Stop keeps the focus while the stop is on its way (aria-disabled, not disabled),
    // then hands it to the message field once the answer has ended.
    const held = await holdRequests(page, "/api/chat/stop");
    const stop = page.getByRole("button", { name: "Stop generating" });
    await stop.press("Enter");
    await poll(() => stop.isDisabled()).toBe(true);
    expect(await stop.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await stop.getAttribute("aria-disabled")).toBe("true");
    held.release();
    await waitForAnswer(page);
    await poll(() => composer(page).evaluate((field) => field === document.activeElement)).toBe(true);
    await page.unroute("**/api/chat/stop");
    await poll(() => shownText(answer.locator(".markdown"))).toMatch(/\(stopped\)$/);
    await answer.getByText("Generation Stopped").waitFor();
    // Another try, maybe with another model, is one click away.
    await answer.getByRole("button", { name: /^Regenerate with / }).waitFor();
    // The composer is ready for the next message.
    await page.getByRole("button", { name: "Send" }).waitFor();
  });

  it("deletes the chat after confirmation", async () => {
    const { page } = session;
    const item = page.locator(`li.chat-item[data-chat-id="${chatId}"]`);
    await item.hover();
    await item.getByRole("button", { name: /Actions for/ }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await poll(() => item.count()).toBe(0);
    await page.waitForURL(/\/app\/a\/default$/);
    // The list updates at once; the server's delete may still be on its way.
    await poll(async () => (await page.request.get(`${appUrl()}/api/chat/${chatId}`)).status()).toBe(404);
    expect(problems).toEqual([]);
  });

  it("stops a new chat's first answer when Stop is pressed while the chat is still being made", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    const held = await holdRequests(page, "/api/chat/new");
    await send(page, "[[hang]] A first question, stopped at once");
    const stop = page.getByRole("button", { name: "Stop generating" });
    await stop.click();
    await poll(() => stop.getAttribute("aria-disabled")).toBe("true");
    // The stop itself is held too: until it is through, the open chat must show Stop as already pressed.
    const stopHeld = await holdRequests(page, "/api/chat/stop");
    held.release();
    await page.waitForURL(/\/c\/\d+$/);
    await page.unroute("**/api/chat/new");
    await poll(() => stopHeld.count).toBe(1);
    await lastAnswer(page).waitFor();
    expect(await stop.getAttribute("aria-disabled")).toBe("true");
    stopHeld.release();
    // Without the stop, a [[hang]] answer never ends.
    const answer = lastAnswer(page);
    await waitForAnswer(page);
    await poll(() => shownText(answer.locator(".markdown"))).toMatch(/\(stopped\)$/);
    await answer.getByText("Generation Stopped").waitFor();
    await page.unroute("**/api/chat/stop");
    expect(problems).toEqual([]);
  });
});

describe("a stop that cannot reach the server", () => {
  it("says so, and Stop can be pressed again once the connection is back", async () => {
    const page = await session.context.newPage();
    try {
      await page.goto(`${appUrl()}/app/a/default`);
      await send(page, "[[hang]] A question whose answer is stopped while offline");
      await page.waitForURL(/\/c\/\d+$/);
      const stop = page.getByRole("button", { name: "Stop generating" });
      await poll(() => stop.getAttribute("aria-disabled")).toBe("false");
      await page.route("**/api/chat/stop", (route) => route.abort("internetdisconnected"));
      await stop.click();
      await page
        .getByTestId("notification")
        .filter({ hasText: "The answer could not be stopped. Check your connection, then press Stop again." })
        .waitFor();
      // Not shown as stopping: the answer goes on, and Stop is there to press again.
      await poll(() => stop.getAttribute("aria-disabled")).toBe("false");
      expect(await isStreaming(lastAnswer(page))).toBe(true);
      await page.unroute("**/api/chat/stop");
      await stop.click();
      await waitForAnswer(page);
      await lastAnswer(page).getByText("Generation Stopped").waitFor();
    } finally {
      await page.close();
    }
  });
});

describe("a question asked the moment an answer has failed", () => {
  it("goes at once: the failure's notice shows once the answer has ended", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "[[error]] A question whose answer fails");
    await page.waitForURL(/\/c\/\d+$/);
    await lastAnswer(page).locator(".message-notice").waitFor();
    await send(page, "The question asked at once");
    await page.locator("#root article.message.user", { hasText: "The question asked at once" }).waitFor();
    await poll(() => composer(page).inputValue()).toBe("");
    await lastAnswer(page)
      .getByRole("heading", { name: /The question asked at once/ })
      .waitFor();
  });
});

describe("an answer from the web", () => {
  it("lists its sources under their name, each read with its number, title and site apart", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="test-web"]').click();
    await send(page, "What do owls eat");
    const answer = await waitForAnswer(page);
    const sources = answer.getByRole("list", { name: "Sources" });
    await sources.waitFor();
    expect(await sources.getByRole("listitem").count()).toBe(2);
    // As a screen reader gets them (the links' accessible names, with the space Chromium puts before a comma
    // that follows a chip's part); without commas the title ran on into the site ("…owls eat example.com").
    const names = [...(await sources.ariaSnapshot()).matchAll(/- link "([^"]*)"/g)].map((found) =>
      found[1]?.replaceAll(" ,", ","),
    );
    expect(names).toEqual([
      expect.stringMatching(/^1, Example result for .+, example\.com$/),
      "2, An example article, example.org",
    ]);
    // On screen the chips are as they were: the commas are for screen readers only.
    const commas = sources.locator(".visually-hidden");
    expect(await commas.count()).toBe(4);
    expect(
      await commas.evaluateAll((all) => all.every((comma) => comma.getBoundingClientRect().width <= 1)),
    ).toBe(true);
  });
});
