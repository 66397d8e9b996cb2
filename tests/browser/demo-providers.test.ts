// Journey: the first minutes on a machine with no provider key and no FAKE_PROVIDERS — the app is served like
// `npm run dev` (every provider played by its local stand-in), a demo user's default model (GPT-5) answers, and
// the picker and the answer say "demo" so nobody takes it for the real model.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import {
  appUrl,
  composer,
  DEMO_PASSWORD,
  poll,
  send,
  shownText,
  sidebarChats,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

/** A seeded account whose models configuration was never touched: it starts with the catalogue's defaults. */
const USER = "standard@demo.switchboard.test";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const base = appUrl();
  const login = await context.request.post(`${base}/api/login`, {
    data: { email: USER, password: DEMO_PASSWORD },
    headers: { Origin: base },
  });
  expect(login.ok()).toBe(true);
  await context.request.get(`${base}/api/user/preferences/saveLastReleaseNote`);
  await context.request.get(`${base}/api/user/preferences/saveHasSeenOnboardingTips`);
  page = await context.newPage();
  problems = watchProblems(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("a demo user with no keys configured anywhere", () => {
  it("is offered GPT-5 first, tagged demo in the picker", async () => {
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("heading", { name: "How can I help you today?" }).waitFor();
    const picker = page.locator(".model-picker-button");
    // After its hidden "Model:", read by screen readers only.
    await poll(() => shownText(picker)).toMatch(/^Model:\s+GPT-5\s+demo$/);
    // Named with all it shows, the tag included (WCAG 2.5.3, axe's label-content-name-mismatch).
    expect(await picker.evaluate((el) => el.getAttribute("aria-label"))).toBeNull();
    await page.getByRole("button", { name: /^Model:\s*GPT-5\s+demo$/ }).waitFor();
    expect(await axeViolations(page, ["label-content-name-mismatch"], [".model-picker-button"])).toEqual([]);
    expect(await picker.getByTestId("demo-tag").getAttribute("title")).toBe(
      "Answered by a local stand-in, not by the real model",
    );

    await picker.click();
    const option = page.getByRole("option", { name: /^GPT-5 demo/ });
    await option.waitFor();
    expect(await option.getByTestId("demo-tag").count()).toBe(1);
    // The offline test models stay out of a user's picker unless put there on purpose.
    expect(await page.locator('[role="option"][data-model^="test"]').count()).toBe(0);
    // A search left behind is forgotten as the picker closes: opened again, the current model is listed.
    const search = page.locator(".model-picker-search");
    await search.fill("claude");
    await poll(() => option.count()).toBe(0);
    await page.keyboard.press("Escape");
    await picker.click();
    expect(await search.inputValue()).toBe("");
    await option.waitFor();
    await page.keyboard.press("Escape");
  });

  it("gets an answer from GPT-5's local stand-in, marked demo, and a chat title that reads like one", async () => {
    await send(page, "Hello there");
    const answer = await waitForAnswer(page);
    const header = answer.locator(".message-header");
    expect(await header.locator(".model-name").textContent()).toBe("GPT-5");
    expect(await header.getByTestId("demo-tag").textContent()).toBe("demo");
    const text = await shownText(answer.locator(":scope > .markdown"));
    expect(text).toContain("Hello! Nice to meet you.");
    expect(text).toContain("Demo answer from a local stand-in for OpenAI (gpt-5)");
    expect(await answer.locator(".message-notice, [role=alert]").count()).toBe(0);

    await poll(() => shownText(sidebarChats(page).first())).toContain("Friendly greeting");
    expect(await composer(page).inputValue()).toBe("");
    expect(problems).toEqual([]);
  });

  it("shows GPT-5's reasoning summary as written: each part's bold heading in bold, no asterisks", async () => {
    const answer = await waitForAnswer(page);
    const thinking = answer.locator(".thinking-block");
    await thinking.locator("summary").click();
    const headings = thinking.locator(".thinking-text strong");
    await poll(() => headings.allTextContents()).toEqual(["Reading the question", "Planning the answer"]);
    expect(await shownText(thinking.locator(".thinking-text"))).not.toContain("**");
    // Two parts, two paragraphs each: the blank lines between them are paragraph breaks, not text.
    expect(await thinking.locator(".thinking-text p").count()).toBe(4);
    expect(problems).toEqual([]);
  });
});
