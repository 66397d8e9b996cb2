// Journey: what a screen reader hears of an answer. Every change inside the page's live regions is recorded,
// as assistive technology would take it up: an answer asked from the keyboard is said to start and, once it
// ends, its words (the start of a long one), "Generation Stopped" or its failure — nothing in between, and
// nothing for answers already there or resumed after a reload. A formula is said as symbols, a table row by row,
// a picture as ready with its prompt. Sending from the Send button keeps the focus.
import type { Page } from "playwright-core";
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
  waitForAnswer,
  watchProblems,
} from "./chat-support";

const session = sessionPerFile();

const ANSWERING = "Test is answering";
const COMPLETE_LONG = "… Answer complete: the rest is in the conversation.";

/**
 * From now on, the text of each live region (role status, alert or log, or aria-live) whose content changed,
 * after each batch of changes. A region inserted with its text already in is not a change of a live region:
 * screen readers do not reliably read it, and it is not recorded.
 */
async function recordLiveRegions(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const LIVE = "[aria-live], [role=status], [role=alert], [role=log]";
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const record of records) {
        const element = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = element?.closest(LIVE);
        if (region?.isConnected) changed.add(region);
      }
      for (const region of changed) {
        const text = region.textContent?.trim();
        if (text) said.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { said: string[] }).said]);
}

const announcer = (page: Page) => page.getByTestId("answer-announcer");

/** The chat the journey makes, used on to the end. */
let chatId = 0;

describe("answers, as a screen reader hears them", () => {
  it("says a new chat's answer has started and, once written, its start: from one live region, there before", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    await announcer(page).waitFor({ state: "attached" });
    // The region the reader's screen reader knows from the start is the one that speaks, after the new
    // chat's screen gave way to the open chat's.
    await announcer(page).evaluate((region) => {
      (window as unknown as { region: Element }).region = region;
    });
    const said = await recordLiveRegions(page);
    await send(page, "Tell me about lighthouses");
    chatId = await currentChatId(page);
    await waitForAnswer(page);
    await poll(() => said().then((texts) => texts.length)).toBe(2);
    // Nothing late either.
    await page.waitForTimeout(500);
    expect(await said()).toHaveLength(2);
    const [started, ended = ""] = await said();
    expect(started).toBe(ANSWERING);
    // The test model's answer runs past what is read out: its start, then that it is complete.
    expect(ended.startsWith("About Tell me about lighthouses. You wrote 4 words and 25 characters.")).toBe(
      true,
    );
    expect(ended.endsWith(COMPLETE_LONG)).toBe(true);
    expect(ended.length).toBeLessThanOrEqual(400 + COMPLETE_LONG.length);
    expect(ended).not.toMatch(/##|\*\*|\||`/);
    // Its table row by row, the header once: not its cells run together.
    expect(ended).toContain("#, Word, Length. 1, Tell, 4. 2, me, 2. 3, about, 5. 4, lighthouses, 11.");
    expect(
      await announcer(page).evaluate(
        (region) => region === (window as unknown as { region: Element }).region,
      ),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it("says each answer once, at its start and its end, not as it streams", async () => {
    const { page } = session;
    const said = await recordLiveRegions(page);
    await send(page, "[[slow]] And about windmills");
    await poll(() => said()).toEqual([ANSWERING]);
    const answer = lastAnswer(page);
    await answer.locator("li", { hasText: "Longest word" }).waitFor();
    expect(await isStreaming(answer)).toBe(true);
    expect(await said()).toEqual([ANSWERING]);
    await waitForAnswer(page);
    await poll(() => said().then((texts) => texts.length)).toBe(2);
    expect((await said())[1]).toMatch(/^About slow And about windmills\. You wrote 4 words/);
  });

  it("says Generation Stopped when the answer is stopped", async () => {
    const { page } = session;
    const said = await recordLiveRegions(page);
    await send(page, "[[hang]] Tell me a very long story");
    const answer = lastAnswer(page);
    await poll(() => answer.locator(".markdown").count()).toBe(1);
    await page.getByRole("button", { name: "Stop generating" }).press("Enter");
    await waitForAnswer(page);
    await poll(() => said()).toEqual([ANSWERING, "Generation Stopped"]);
  });

  it("says a failed answer's notice, which is no alert of its own (it would be said again with its row)", async () => {
    const { page } = session;
    const said = await recordLiveRegions(page);
    await send(page, "[[error]] Explain tides");
    const answer = lastAnswer(page);
    const notice = answer.locator(".message-notice");
    await notice.waitFor();
    const words = (await notice.textContent())?.replace(/Retry$/, "").trim();
    expect(words).toMatch(/^Model temporarily unavailable, probably an issue with Test\./);
    await poll(() => said()).toEqual([ANSWERING, words]);
    expect(await notice.getAttribute("role")).toBeNull();
  });

  it("says nothing of the answers there when a chat opens, nor of one resumed after a reload", async () => {
    const { page } = session;
    await send(page, "[[slow]] Then about harbours");
    const answer = lastAnswer(page);
    // This question's answer, not the one before it (which has its own "Longest word").
    await answer.getByRole("heading", { name: /Then about harbours/ }).waitFor();
    await answer.locator("li", { hasText: "Longest word" }).waitFor();
    expect(await isStreaming(answer)).toBe(true);
    await page.reload();
    const said = await recordLiveRegions(page);
    await lastAnswer(page)
      .getByRole("heading", { name: /Then about harbours/ })
      .waitFor();
    await waitForAnswer(page);
    // Time for anything late to be said.
    await page.waitForTimeout(500);
    expect(await said()).toEqual([]);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const opened = await recordLiveRegions(page);
    await waitForAnswer(page);
    await page.waitForTimeout(500);
    expect(await opened()).toEqual([]);
  });
});

describe("the Send button", () => {
  it("hands the focus to the message field at once: it never falls to the page", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await waitForAnswer(page);
    await composer(page).fill("[[slow]] One more about bridges");
    const sendButton = page.getByRole("button", { name: "Send", exact: true });
    await sendButton.focus();
    // Every element the focus is on, at each change and each frame, until the answer is there.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focusSeen: string[] }).focusSeen = seen;
      const name = (element: Element | null) =>
        !element || element === document.body
          ? "body"
          : element.id === "main"
            ? "main"
            : (element.getAttribute("aria-label") ?? element.tagName);
      const note = () => {
        const now = name(document.activeElement);
        if (seen.at(-1) !== now) seen.push(now);
      };
      document.addEventListener("focusin", note);
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
      const frame = () => {
        note();
        requestAnimationFrame(frame);
      };
      frame();
    });
    await sendButton.press("Enter");
    await lastAnswer(page)
      .getByRole("heading", { name: /One more about bridges/ })
      .waitFor();
    await waitForAnswer(page);
    const seen = await page.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen);
    expect(seen).toEqual(["Send", "Message"]);
  });
});

describe("formulas and pictures, as a screen reader hears them", () => {
  it("says a formula as the symbols it shows, not as TeX, and prices as prices", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    // A stand-in for a real model, whose answer to a question about math is short and mostly a formula.
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="gpt-4.1"]').click();
    const said = await recordLiveRegions(page);
    await send(page, "Show me the formula for a sum, it costs $5 and $10");
    await waitForAnswer(page);
    await poll(() => said().then((texts) => texts.length)).toBe(2);
    const [started, ended = ""] = await said();
    expect(started).toMatch(/ is answering$/);
    expect(ended).toContain("it costs $5 and $10");
    expect(ended).toContain("The sum of the first n whole numbers is ∑_(k=1)ⁿ k = n(n+1)/2 so with n = 12,");
    // The formula's TeX, as shown in the answer (typeset once KaTeX has loaded), is not what is said.
    await lastAnswer(page).locator(".katex").first().waitFor();
    expect(ended).not.toMatch(/\\|\{|\}|\$\$|\$n|frac/);
    expect(problems).toEqual([]);
  });

  it("says a picture is ready, with what it is of", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator('[role="option"][data-model="test-image"]').click();
    const said = await recordLiveRegions(page);
    await send(page, "A lighthouse at dusk");
    const answer = await waitForAnswer(page);
    await poll(() => answer.locator(".generated-images img").count()).toBe(1);
    await poll(() => said()).toEqual(["Test Image is answering", "Picture ready: A lighthouse at dusk"]);
    // The picture itself is named by what it shows (its alt text, and its link's name), not by who made it.
    await expect(answer.getByRole("link", { name: "A lighthouse at dusk" }).count()).resolves.toBe(1);
  });
});
