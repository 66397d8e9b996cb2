// Journey: the same chat open in two pages — the second follows the answer live, whether it was already
// open when the answer started or opened in the middle of it.
import { describe, expect, it } from "vitest";
import {
  appUrl,
  composer,
  currentChatId,
  isStreaming,
  lastAnswer,
  poll,
  send,
  sessionPerFile,
  shownText,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

const session = sessionPerFile();

describe("a chat open in two pages", () => {
  it("shows the answer streaming in the second page as it is written in the first", async () => {
    const first = session.page;
    await first.goto(`${appUrl()}/app/a/default`);
    await send(first, "Start a conversation about rivers");
    const chatId = await currentChatId(first);
    await waitForAnswer(first);

    const second = await session.context.newPage();
    const problems = watchProblems(second);
    await second.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await lastAnswer(second)
      .getByRole("heading", { name: /rivers/ })
      .waitFor();

    // The second page had its answers typeset in its first frame and no input since: the renderer must be
    // here by the time a live answer reaches it, not show the raw markdown meanwhile.
    await second.evaluate(() => {
      const root = document.getElementById("root");
      const note = () => {
        if (root?.querySelector(".markdown-pending")) document.documentElement.dataset.rawAnswer = "";
      };
      if (root) new MutationObserver(note).observe(root, { childList: true, subtree: true });
    });
    // The first page asks; the second, already open and idle, picks the answer up while it streams.
    await send(first, "[[slow]] Continue with mountains and valleys");
    const followed = lastAnswer(second);
    await followed.getByRole("heading", { name: /mountains and valleys/ }).waitFor({ timeout: 20_000 });
    expect(await isStreaming(followed)).toBe(true);
    await second
      .locator("#root article.message.user", { hasText: "Continue with mountains and valleys" })
      .waitFor();

    await waitForAnswer(first);
    await waitForAnswer(second);
    const shownFirst = await shownText(lastAnswer(first).locator(".markdown"));
    const shownSecond = await shownText(followed.locator(".markdown"));
    expect(shownSecond).toBe(shownFirst);
    expect(await second.evaluate(() => "rawAnswer" in document.documentElement.dataset)).toBe(false);
    expect(problems).toEqual([]);
    await second.close();
  });

  it("catches up with an answer already under way when the second page opens", async () => {
    const first = session.page;
    await send(first, "[[slow]] And now deserts, dunes and oases");
    const chatId = await currentChatId(first);
    const answer = lastAnswer(first);
    await answer.locator("li", { hasText: "Longest word" }).waitFor();
    expect(await isStreaming(answer)).toBe(true);

    const late = await session.context.newPage();
    await late.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const caught = lastAnswer(late);
    // Everything said so far is replayed, then the rest arrives live.
    await caught.locator("li", { hasText: "Longest word" }).waitFor();
    expect(await isStreaming(caught)).toBe(true);
    await waitForAnswer(late);
    await waitForAnswer(first);
    await poll(() => shownText(caught.locator(".markdown"))).toBe(
      await shownText(answer.locator(".markdown")),
    );
    await late.close();
  });
});

describe("a connection lost for a moment", () => {
  it("keeps the reader signed in when the user data cannot be read again", async () => {
    const page = await session.context.newPage();
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "A question before the connection drops");
    await waitForAnswer(page);
    const chatId = await currentChatId(page);
    // The finished answer refreshes the user data (its counts); that read fails as offline.
    let failed = 0;
    await page.route("**/api/login/user", (route) => {
      failed += 1;
      return route.abort("internetdisconnected");
    });
    await send(page, "And one while it is down");
    await waitForAnswer(page);
    await poll(() => failed).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/app/a/default/c/${chatId}`);
    await page.unroute("**/api/login/user");
    await page.close();
  });

  it("says a message sent offline could not go, keeping it in the composer", async () => {
    const page = await session.context.newPage();
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "A question while online");
    await waitForAnswer(page);
    const answers = await page.locator("#root article.message.model").count();
    await session.context.setOffline(true);
    try {
      await send(page, "A question while offline");
      await page.getByText("We couldn't reach Switchboard. Check your connection and try again.").waitFor();
      expect(await composer(page).inputValue()).toBe("A question while offline");
      // Nothing pretends an answer is on its way.
      expect(await page.locator("#root article.message.model").count()).toBe(answers);
    } finally {
      await session.context.setOffline(false);
    }
    // Back online, the notice about the connection goes: it no longer holds, and the message is still there.
    await poll(() =>
      page.getByText("We couldn't reach Switchboard. Check your connection and try again.").count(),
    ).toBe(0);
    expect(await composer(page).inputValue()).toBe("A question while offline");
    await page.close();
  });
});
