// Shared steps of the chat journeys: the file's own person, signed in, with the offline test models first in the picker.
import { type Browser, type BrowserContext, type Locator, type Page, request } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { launchBrowser } from "./browser";
import { signUpFresh, sql } from "./session";

export const DEMO_PASSWORD = "switchboard-demo";

export const appUrl = () => inject("appUrl");

let fileUser: Promise<string> | undefined;

/**
 * The address of this test file's own person, on a Standard plan (written as Stripe's webhook would), made at
 * its first use; vitest loads this module afresh for each file. The chat journeys all used to write as one
 * seeded account and, files back to back, met its fair-usage rate together (20 requests a minute,
 * src/domain/fair-usage.ts): whichever file came next had a send refused and timed out waiting for its chat.
 */
export function chatUser(): Promise<string> {
  fileUser ??= (async () => {
    const api = await request.newContext();
    try {
      const email = await signUpFresh({ request: api }, appUrl(), "chat");
      await sql(
        `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
         select id, 'cus_chat' || id, 'sub_chat' || id, 2000, true, 1 from hot."user" where email = $1`,
        [email],
      );
      return email;
    } finally {
      await api.dispose();
    }
  })();
  return fileUser;
}

/** expect.poll with room for a page load or a streamed answer (its default gives up after a second). */
export const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 100 });

const TEST_MODELS = {
  text: ["test"],
  reasoning: ["test-reasoning"],
  web: ["test-web"],
  image: ["test-image"],
  light_text: ["test-light"],
};

export interface ChatSession {
  context: BrowserContext;
  page: Page;
}

/**
 * Signs in through the API (as this file's own person unless told), puts the test models first and dismisses
 * the welcome notices.
 */
export async function signIn(context: BrowserContext, as?: string): Promise<void> {
  const base = appUrl();
  const email = as ?? (await chatUser());
  const headers = { Origin: base };
  const login = await context.request.post(`${base}/api/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers,
  });
  if (!login.ok()) {
    throw new Error(`signing in as ${email} failed (${login.status()}): are the demo users seeded?`);
  }
  const models = await context.request.post(`${base}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration: TEST_MODELS },
    headers,
  });
  expect(models.ok()).toBe(true);
  // The API client has no Sec-Fetch-Site: it says it is the app, as our client does.
  const app = { headers: { "X-Switchboard-Request": "1" } };
  expect((await context.request.get(`${base}/api/user/preferences/saveLastReleaseNote`, app)).ok()).toBe(
    true,
  );
  expect(
    (await context.request.get(`${base}/api/user/preferences/saveHasSeenOnboardingTips`, app)).ok(),
  ).toBe(true);
}

export async function openSession(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; permissions?: string[] } = {},
): Promise<ChatSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    permissions: options.permissions,
  });
  await signIn(context);
  return { context, page: await context.newPage() };
}

/**
 * One browser and one signed-in session for a whole test file, opened before its tests and closed after.
 * Call it at the top level; hooks the file adds after it run once the session is open.
 */
export function sessionPerFile(): ChatSession {
  let browser: Browser | undefined;
  let session: ChatSession | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    session = await openSession(browser);
  });
  afterAll(async () => {
    await session?.context.close();
    await browser?.close();
  });
  const current = () => {
    if (!session) throw new Error("the chat session opens in beforeAll");
    return session;
  };
  return {
    get context() {
      return current().context;
    },
    get page() {
      return current().page;
    },
  };
}

/** Collects page errors and console errors, to assert a journey left none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** The text a reader sees (Playwright's innerText: rendered text with its line breaks, hidden parts left out). */
// biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, where textContent would include hidden text.
export const shownText = (locator: Locator): Promise<string> => locator.innerText();

/** The app's own (an open chat's page first shows a frame with a composer of its own: src/sharing/chat-shell.ts). */
export const composer = (page: Page): Locator =>
  page.locator("#root").getByRole("textbox", { name: "Message" });

export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/**
 * From now on, the most questions with this text the page ever showed at once. Every DOM change React
 * commits is counted before it is painted, so a copy shown for a single frame counts too.
 */
export async function watchMostQuestionsShown(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((asked) => {
    const shown = () =>
      [...document.querySelectorAll("#root article.message.user")].filter((question) =>
        question.textContent?.includes(asked),
      ).length;
    const seen = window as unknown as { mostQuestionsShown: number };
    seen.mostQuestionsShown = shown();
    new MutationObserver(() => {
      seen.mostQuestionsShown = Math.max(seen.mostQuestionsShown, shown());
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () => page.evaluate(() => (window as unknown as { mostQuestionsShown: number }).mostQuestionsShown);
}

/** The last model message on screen. */
export const lastAnswer = (page: Page): Locator => page.locator("#root article.message.model").last();

export const isStreaming = async (answer: Locator): Promise<boolean> =>
  (await answer.getAttribute("aria-busy")) === "true";

/** Waits until the last answer is finished: its footer (time, copy) shows only then. */
export async function waitForAnswer(page: Page, timeout = 30_000): Promise<Locator> {
  const answer = lastAnswer(page);
  await answer.locator(".message-footer").waitFor({ timeout });
  return answer;
}

/** The chat id in the address, once the page is on a chat. */
export async function currentChatId(page: Page): Promise<number> {
  await page.waitForURL(/\/c\/\d+$/, { timeout: 30_000 });
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

export const sidebarChats = (page: Page): Locator => page.getByTestId("chat-list").locator("li.chat-item");

/** Renames a chat from its row's menu in the sidebar, as a person would: hover, the menu, Rename, the title, Enter. */
export async function renameFromMenu(page: Page, item: Locator, title: string): Promise<void> {
  await item.hover();
  await item.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const field = page.getByRole("textbox", { name: "Conversation title" });
  await field.fill(title);
  await field.press("Enter");
}
