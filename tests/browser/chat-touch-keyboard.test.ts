// Journey: on a touch screen (no Shift on its keyboard) Enter breaks the line in the composer, the question
// editor and an open chat's first frame, and Send sends; a desktop keeps Enter to send (src/domain/chat/enter-key.ts).
import type { Browser, BrowserContextOptions, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import {
  appUrl,
  type ChatSession,
  composer,
  currentChatId,
  poll,
  shownText,
  signIn,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
// A tablet held sideways: wide enough for the composer's hint.
const TABLET: BrowserContextOptions = {
  viewport: { width: 1180, height: 820 },
  isMobile: true,
  hasTouch: true,
};
const TOUCH_HINT = "Enter for a new line, tap Send to send";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: BrowserContextOptions): Promise<ChatSession> {
  const context = await browser.newContext(options);
  await signIn(context);
  return { context, page: await context.newPage() };
}

const questions = (page: Page) => page.locator("#root article.message.user");
const sendButton = (page: Page) => page.locator("#root").getByRole("button", { name: "Send" });

describe("Enter on a phone", () => {
  let session: ChatSession;
  beforeAll(async () => {
    session = await open(PHONE);
  });
  afterAll(async () => {
    await session?.context.close();
  });

  it("breaks the line in the composer, and Send sends every line", async () => {
    const { page } = session;
    const problems = watchProblems(page);
    await page.goto(`${appUrl()}/app/a/default`);
    // What the app asks to tell a touch screen (this Chromium says so of a context with touch).
    await expect(page.evaluate(() => matchMedia("(pointer: coarse)").matches)).resolves.toBe(true);
    const field = composer(page);
    await field.tap();
    await page.keyboard.type("First line");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second line");
    await expect(field.inputValue()).resolves.toBe("First line\nsecond line");
    await expect(questions(page).count()).resolves.toBe(0);
    // Its keyboard's key says "return", and a screen reader is told to tap Send (the hint is hidden this narrow).
    await expect(field.getAttribute("enterkeyhint")).resolves.toBe("enter");
    await expect(page.locator("#composer-hint").textContent()).resolves.toBe(TOUCH_HINT);

    await sendButton(page).tap();
    await poll(() => questions(page).count()).toBe(1);
    await expect(shownText(questions(page))).resolves.toContain("First line\nsecond line");
    await currentChatId(page);
    await waitForAnswer(page);
    await expect(field.inputValue()).resolves.toBe("");
    expect(problems).toEqual([]);
  });

  it("breaks the line in the question's editor, and Save goes on to the confirmation", async () => {
    const { page } = session;
    const question = questions(page).last();
    await question.getByRole("button", { name: "Edit" }).tap();
    const field = question.getByRole("textbox", { name: "Your message" });
    await field.fill("Pears");
    await field.press("Enter");
    await page.keyboard.type("and plums");
    // Not gone on to the confirmation: still editing, on the next line.
    await expect(page.getByRole("alertdialog").count()).resolves.toBe(0);
    await expect(field.inputValue()).resolves.toBe("Pears\nand plums");
    await expect(field.getAttribute("enterkeyhint")).resolves.toBe("enter");

    await question.getByRole("button", { name: "Save" }).tap();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace the answer" }).tap();
    await poll(() => shownText(questions(page).last())).toContain("Pears\nand plums");
    await waitForAnswer(page);
    await expect(questions(page).count()).resolves.toBe(1);
  });

  it("breaks the line in an open chat's first frame, whose lines the app's Send then sends", async () => {
    const chatId = await currentChatId(session.page);
    // A browser of its own: no service worker yet, which would answer with the cached page, frameless.
    const { context, page } = await open(PHONE);
    const problems = watchProblems(page);
    const held: Route[] = [];
    let released = false;
    await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : held.push(route)));
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`, { waitUntil: "commit" });
    const frameField = page.locator("#boot-shell[data-chat]").getByRole("textbox", { name: "Message" });
    await frameField.tap();
    await page.keyboard.type("Typed in the frame");
    await page.keyboard.press("Enter");
    await page.keyboard.type("over two lines");
    await expect(frameField.inputValue()).resolves.toBe("Typed in the frame\nover two lines");
    await expect(frameField.getAttribute("data-send")).resolves.toBeNull();
    expect(held.length).toBeGreaterThan(0);

    released = true;
    for (const route of held) await route.continue();
    await page.locator("#boot-shell").waitFor({ state: "detached" });
    // The app has the lines as a draft, ready to send, and does not send them by itself.
    await poll(() => sendButton(page).isEnabled()).toBe(true);
    await expect(composer(page).inputValue()).resolves.toBe("Typed in the frame\nover two lines");
    await expect(questions(page).count()).resolves.toBe(1);

    await sendButton(page).tap();
    await poll(() => questions(page).count()).toBe(2);
    await expect(shownText(questions(page).last())).resolves.toContain("Typed in the frame\nover two lines");
    await waitForAnswer(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Enter on a tablet", () => {
  it("shows the touch hint, and Ctrl+Enter from a keyboard still sends", async () => {
    const { context, page } = await open(TABLET);
    await page.goto(`${appUrl()}/app/a/default`);
    const hint = page.locator("#composer-hint");
    await hint.waitFor();
    await expect(shownText(hint)).resolves.toBe(TOUCH_HINT);

    await composer(page).tap();
    await page.keyboard.type("From a tablet");
    await page.keyboard.press("Enter");
    await expect(composer(page).inputValue()).resolves.toBe("From a tablet\n");
    await page.keyboard.type("with its keyboard");
    await page.keyboard.press("Control+Enter");
    await poll(() => questions(page).count()).toBe(1);
    await expect(shownText(questions(page))).resolves.toContain("From a tablet\nwith its keyboard");
    await waitForAnswer(page);
    await context.close();
  });
});

describe("Enter on a desktop", () => {
  it("sends, and Shift+Enter breaks the line", async () => {
    const { context, page } = await open({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${appUrl()}/app/a/default`);
    await expect(shownText(page.locator("#composer-hint"))).resolves.toBe(
      "Enter to send, Shift + Enter for a new line",
    );
    await expect(composer(page).getAttribute("enterkeyhint")).resolves.toBe("send");
    await composer(page).fill("At a desk");
    await composer(page).press("Shift+Enter");
    await page.keyboard.type("with a keyboard");
    await page.keyboard.press("Enter");
    await poll(() => questions(page).count()).toBe(1);
    await expect(shownText(questions(page))).resolves.toContain("At a desk\nwith a keyboard");
    await expect(composer(page).inputValue()).resolves.toBe("");
    await waitForAnswer(page);
    await context.close();
  });
});
