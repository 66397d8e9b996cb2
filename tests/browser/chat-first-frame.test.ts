// Journey: an open chat's page carries its newest messages (src/sharing/chat-shell.ts) — readable, with a
// composer that takes typing, before any script has run; the app then takes over with the draft and the caret.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  composer,
  currentChatId,
  lastAnswer,
  send,
  sessionPerFile,
  signIn,
  waitForAnswer,
  watchMostQuestionsShown,
  watchProblems,
} from "./chat-support";
import { holdScripts } from "./first-frame-support";

const session = sessionPerFile();

const QUESTION = "A question the first frame shows";

/** Marks `<html data-raw-answer>` if the app ever shows an answer as raw text (the renderer's fallback). */
const watchRawAnswers = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector("#root .markdown-pending")) document.documentElement.dataset.rawAnswer = "";
    }).observe(document, { subtree: true, childList: true });
  });

describe("an open chat's first frame", () => {
  it("shows the newest messages and takes typing before the app's code runs, then hands the draft over", async () => {
    const first = session.page;
    await first.goto(`${appUrl()}/app/a/default`);
    await send(first, QUESTION);
    const chatId = await currentChatId(first);
    await waitForAnswer(first);

    const page = await session.context.newPage();
    const problems = watchProblems(page);
    await watchRawAnswers(page);
    // The app's scripts wait until the frame has been read and typed into.
    const scripts = await holdScripts(page);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });

    const frame = page.locator("#boot-shell[data-chat]");
    await frame.locator("article.message.user", { hasText: QUESTION }).waitFor();
    await expect(frame.locator("article.message.model .markdown").textContent()).resolves.toMatch(/\S/);
    // The page streams: the browser may paint the messages before the rest of them and the composer after
    // them have been parsed, and what it painted would jump up as the rest came. The messages show only once
    // the composer's markup is there.
    const shown = await frame.locator(".boot-composer").evaluate((composer) => {
      const chat = document.querySelector("#boot-shell .boot-chat");
      const parent = composer.parentElement;
      if (!chat || !parent) return [];
      const visibility = () => getComputedStyle(chat).visibility;
      const next = composer.nextSibling;
      composer.remove();
      const without = visibility();
      parent.insertBefore(composer, next);
      return [without, visibility()];
    });
    expect(shown).toEqual(["hidden", "visible"]);
    // The app's own page underneath is out of reach until it takes over: one composer to find.
    await expect(page.locator("#root").getAttribute("inert")).resolves.toBe("");
    // The answer is set by the app's own rules (scripts/lib/boot-shell.ts scopes them to the frame): its code
    // is coloured as the app will colour it.
    const colourOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    const keyword = await colourOf("#boot-shell .markdown .hljs-keyword");
    expect(keyword).not.toBe(await colourOf("#boot-shell .markdown p"));
    // Its math is KaTeX's, styled by KaTeX's stylesheet in the frame before any script: KaTeX's fonts, and
    // the MathML beside it kept for assistive technology only (not drawn a second time).
    const formula = frame.locator(".katex").first();
    await expect(formula.evaluate((el) => getComputedStyle(el).fontFamily)).resolves.toContain("KaTeX_Main");
    await expect(
      formula.locator(".katex-mathml").evaluate((el) => getComputedStyle(el).position),
    ).resolves.toBe("absolute");
    await frame.getByRole("textbox", { name: "Message" }).click();
    await page.keyboard.type("typed before the app");
    expect(scripts.held()).toBeGreaterThan(0);
    const bubbleTop = (root: string) =>
      page
        .locator(`${root} article.message.user .user-bubble`, { hasText: QUESTION })
        .evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const frameTop = await bubbleTop("#boot-shell");

    await scripts.release();
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    await page.locator("#root article.message.user", { hasText: QUESTION }).waitFor();
    // The question stays where the frame showed it: the frame kept the place of the app's message footers.
    expect(Math.abs((await bubbleTop("#root")) - frameTop)).toBeLessThanOrEqual(2);
    await expect(composer(page).inputValue()).resolves.toBe("typed before the app");
    await page.locator("#root article.message.model .md-block").first().waitFor();
    await page.locator("#root .markdown .hljs-keyword").first().waitFor();
    await expect(colourOf("#root .markdown .hljs-keyword")).resolves.toBe(keyword);
    await expect(page.locator("html").getAttribute("data-raw-answer")).resolves.toBeNull();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Message");
    await expect(page.locator("#root").getAttribute("inert")).resolves.toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the answers the frame typeset, with their code's copy button, and renders a changed one itself", async () => {
    const chatId = await currentChatId(session.page);
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
    const page = await session.context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    const answer = lastAnswer(page);
    await answer.locator(".md-block").waitFor();
    // The kept math as it looks before any input (below, the first input brings KaTeX's stylesheet).
    const mathStyle = () =>
      answer
        .locator(".katex")
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.fontSize, style.fontFamily, style.lineHeight, el.getBoundingClientRect().height];
        });
    const before = await mathStyle();
    // Typeset by the Worker as the app's renderer typesets (KaTeX's HTML beside its MathML), in KaTeX's own
    // fonts from its stylesheet, which the frame brought and the app kept: it looks as the answers the app
    // renders itself (MathML alone was laid out by the browser in its own, plainer way).
    await expect(answer.locator(".markdown .katex-html").count()).resolves.toBeGreaterThan(0);
    expect((await mathStyle())[1]).toContain("KaTeX_Main");
    await expect(page.locator("head style[data-frame-math]").count()).resolves.toBe(1);
    await expect(answer.locator(".hljs-keyword").count()).resolves.toBeGreaterThan(0);
    // As the app's renderer writes a code block: a "Copy code" button that copies the code.
    await answer.getByRole("button", { name: "Copy code" }).click();
    const code = await answer.locator("pre code").first().textContent();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(code).toContain("function reply");
    // The reader's first input (the click above) readied the app's own renderer, and KaTeX's stylesheet again
    // with it: the kept math does not change under the reader.
    // Loaded in the background: a busy machine may take more than the default second.
    await expect
      .poll(() => page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes("katex"))), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect(mathStyle()).resolves.toEqual(before);
    await page.close();

    // The app's copy of the message says something else (a change since): the app renders it itself.
    const changed = await session.context.newPage();
    await changed.route(new RegExp(`/api/chat/${chatId}(\\?.*)?$`), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { messages: { content: string }[] };
      const last = body.messages.at(-1);
      if (last) last.content = `${last.content}\n\nAnd $x^2$ more.`;
      await route.fulfill({ response, json: body });
    });
    await changed.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await lastAnswer(changed).getByText("more.").waitFor();
    await lastAnswer(changed).locator(".katex-html").first().waitFor({ state: "attached" });
    expect(problems).toEqual([]);
    await changed.close();
  });

  it("shows the frame's answers at once, and older ones rendered by the app once its renderer is here", async () => {
    const api = session.context.request;
    const headers = { Origin: appUrl() };
    const ask = async (content: string, chatId?: number) => {
      const sent = await api.post(`${appUrl()}/api/chat/${chatId ? "send" : "new"}`, {
        headers,
        data: chatId
          ? { chatId, model: "test", content }
          : { assistantId: "default", model: "test", content },
      });
      const id = chatId ?? ((await sent.json()) as { chat: { id: number } }).chat.id;
      await (await api.get(`${appUrl()}/api/chat/${id}/stream`)).text();
      return id;
    };
    // Five exchanges: the frame shows the newest three.
    const chatId = await ask("Question one");
    for (const n of ["two", "three", "four", "five"]) await ask(`Question ${n}`, chatId);

    const page = await session.context.newPage();
    const problems = watchProblems(page);
    await watchRawAnswers(page);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    // The newest, the frame's own: typeset before the app's renderer could have been.
    await expect(lastAnswer(page).locator(".katex-html").count()).resolves.toBeGreaterThan(0);
    // The oldest, further up: rendered by the app's own renderer (KaTeX's HTML), never shown as raw text.
    await page.locator(".message-scroller").evaluate((el) => el.scrollTo(0, 0));
    const oldest = page.locator("#root article.message.model").first();
    await page.locator("#root article.message.user", { hasText: "Question one" }).waitFor();
    await oldest.locator(".katex-html").first().waitFor({ state: "attached" });
    await expect(page.locator("html").getAttribute("data-raw-answer")).resolves.toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a short chat from the top and its pictures, as the app will, so nothing moves at the handover", async () => {
    // A tab of its own: the other tests read the session page's chat.
    const first = await session.context.newPage();
    await first.goto(`${appUrl()}/app/a/default`);
    await composer(first).waitFor();
    await first.locator(".model-picker-button").click();
    await first.locator('[role="option"][data-model="test-image"]').click();
    await send(first, "A small red boat");
    const chatId = await currentChatId(first);
    await lastAnswer(first).locator(".generated-images img").waitFor();

    const page = await session.context.newPage();
    const scripts = await holdScripts(page);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
    const frame = page.locator("#boot-shell[data-chat]");
    const picture = frame.getByRole("img", { name: "A small red boat" });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const questionTop = (root: string) =>
      page
        .locator(`${root} article.message.user .user-bubble`, { hasText: "A small red boat" })
        .evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const pictureTop = (root: string) =>
      page
        .locator(`${root} .generated-images img`)
        .evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const inFrame = [await questionTop("#boot-shell"), await pictureTop("#boot-shell")];
    await scripts.release();
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    await page.locator("#root .generated-images img").waitFor();
    const inApp = [await questionTop("#root"), await pictureTop("#root")];
    expect(inApp.map((top, i) => Math.abs(top - (inFrame[i] ?? 0)))).toEqual([0, 0]);
    await page.close();
    await first.close();
  });

  it("is the plain page for another account, a stranger, a dead session, a new chat and another assistant's address", async () => {
    const chatId = await currentChatId(session.page);
    const path = `/app/a/default/c/${chatId}`;
    const own = await session.context.request.get(`${appUrl()}${path}`);
    expect(await own.text()).toContain(QUESTION);
    expect(own.headers()["cache-control"]).toBe("private, no-store");

    const browser = session.context.browser();
    if (!browser) throw new Error("the session has a browser");
    const other = await browser.newContext();
    await signIn(other, "team-member2@demo.switchboard.test");
    // A cookie shaped like a session that is none (ended, or never made): the frame's read finds nobody.
    const dead = await browser.newContext();
    await dead.addCookies([{ name: "session", value: "A".repeat(43), url: appUrl() }]);
    for (const [context, address] of [
      [other, path],
      [await browser.newContext(), path],
      [dead, path],
      [session.context, "/app/a/default"],
      // Under an address of another assistant's the app shows its own answer (an unknown one is a 404 screen).
      [session.context, `/app/a/999999/c/${chatId}`],
    ] as const) {
      const html = await (await context.request.get(`${appUrl()}${address}`)).text();
      expect(html).not.toContain(QUESTION);
      expect(html).not.toContain("<article");
      expect(html).toContain('<div id="boot-shell" aria-hidden="true">');
    }
    await other.close();
    await dead.close();
  });

  it("sends what was typed when Enter was pressed in the frame, once the app has taken over", async () => {
    const chatId = await currentChatId(session.page);
    const page = await session.context.newPage();
    const problems = watchProblems(page);
    const scripts = await holdScripts(page);
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
    const field = page.locator("#boot-shell[data-chat]").getByRole("textbox", { name: "Message" });
    await field.click();
    await page.keyboard.type("Sent from the first frame");
    await page.keyboard.press("Enter");
    // No new line: the Enter was taken as a send.
    await expect(field.inputValue()).resolves.toBe("Sent from the first frame");

    const mostShown = await watchMostQuestionsShown(page, "Sent from the first frame");
    await scripts.release();
    const asked = page.locator("#root article.message.user", { hasText: "Sent from the first frame" });
    await asked.first().waitFor();
    await waitForAnswer(page);
    // On its way, then saved: one question on the page at every moment.
    expect(await mostShown()).toBe(1);
    await expect(asked.count()).resolves.toBe(1);
    await expect(composer(page).inputValue()).resolves.toBe("");
    // Sent once: a reload shows the question a single time.
    await page.reload();
    await asked.first().waitFor();
    await expect(asked.count()).resolves.toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens quick search for a Ctrl+K pressed in the frame, once the app has taken over", async () => {
    const { page, scripts } = await frameOfTheChat();
    const problems = watchProblems(page);
    await page.keyboard.press("Control+K");
    await scripts.release();
    const dialog = page.getByRole("dialog", { name: "Search chats" });
    await dialog.getByRole("combobox", { name: "Search chats" }).waitFor();
    // Taken once: the app's own Ctrl+K closes it again.
    await page.keyboard.press("Control+K");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("leaves Ctrl+K pressed twice in the frame as if never pressed", async () => {
    const { page, scripts } = await frameOfTheChat();
    await page.keyboard.press("Control+K");
    await page.keyboard.press("Control+K");
    await scripts.release();
    await page.locator("#root article.message").first().waitFor();
    await composer(page).waitFor();
    await expect(page.getByRole("dialog", { name: "Search chats" }).count()).resolves.toBe(0);
    await page.context().close();
  });
});

/**
 * The session's chat in a browser of its own (no service worker yet, which would answer with the cached
 * page, frameless), its scripts held: only the frame is on the page, its field focused.
 */
async function frameOfTheChat() {
  const chatId = await currentChatId(session.page);
  const browser = session.context.browser();
  if (!browser) throw new Error("the session has a browser");
  const context = await browser.newContext();
  await signIn(context);
  const page = await context.newPage();
  const scripts = await holdScripts(page);
  await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
  await page.locator("#boot-shell[data-chat]").getByRole("textbox", { name: "Message" }).click();
  return { page, scripts };
}
