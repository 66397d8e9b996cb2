// Journey: KaTeX and highlight.js that failed to arrive (a dropped network) still come once the network is
// back — when the browser is online again, or when a later answer needs them — and the answers already on
// screen, shown plain meanwhile, are typeset and highlighted then.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageWire } from "../../src/domain/chat/wire";
import { launchBrowser } from "./browser";
import { appUrl, lastAnswer, poll, send, signIn, waitForAnswer } from "./chat-support";

/** The renderers' chunks and KaTeX's stylesheet (client/chat/markdown/lazy-libs.ts). */
const RENDERERS = /\/assets\/(?:katex|highlight)-loader-[^/]*\.(?:js|css)$/;
const ANSWER = "So $\\frac{a^2}{b_1}$ holds, and\n\n$$\\int_0^1 x\\,dx$$\n\n```ts\nconst answer = 42;\n```\n";

let browser: Browser;
let context: BrowserContext;
let chatId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  // No service worker: its precache would answer the chunks' requests, which the test makes fail.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block" });
  await signIn(context);
  const headers = { Origin: appUrl() };
  const created = await context.request.post(`${appUrl()}/api/chat/new`, {
    headers,
    data: { assistantId: "default", model: "test", content: "Some math and code, please." },
  });
  chatId = ((await created.json()) as { chat: { id: number } }).chat.id;
  await (await context.request.get(`${appUrl()}/api/chat/${chatId}/stream`)).text();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * Opens the chat, its first answer replaced by math and code (so that the app renders it rather than keep
 * the first frame's), with the renderers' requests failing, and waits until both failed to load. Returns the
 * page and the renderers' requests it makes from then on.
 */
async function openWithRenderersFailing(): Promise<{ page: Page; requests: string[] }> {
  const page = await context.newPage();
  await page.route(new RegExp(`/api/chat/${chatId}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { messages: MessageWire[] };
    const first = body.messages.find((message) => message.role === "assistant");
    if (first) first.content = ANSWER;
    await route.fulfill({ response, json: body });
  });
  await page.route(RENDERERS, (route) => route.abort("internetdisconnected"));
  const failures: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /^Failed to load (?:the|a renderer)/.test(message.text()))
      failures.push(message.text());
  });
  await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
  await poll(() => failures.length).toBe(2);
  const answer = page.locator("#root article.message.model").first();
  // Shown plain meanwhile: the TeX as text, the code without highlighting.
  await answer.locator(".math-pending").first().waitFor();
  await expect(answer.locator(".katex").count()).resolves.toBe(0);
  await expect(answer.locator("pre code span").count()).resolves.toBe(0);
  const requests: string[] = [];
  page.on("request", (request) => {
    if (RENDERERS.test(request.url())) requests.push(request.url());
  });
  await page.unroute(RENDERERS);
  return { page, requests };
}

/** The first answer typeset by KaTeX, with KaTeX's stylesheet applied, and its code highlighted. */
async function expectRendered(page: Page): Promise<void> {
  const answer = page.locator("#root article.message.model").first();
  await answer.locator(".katex-html").first().waitFor({ state: "attached", timeout: 20_000 });
  await answer.locator("pre code .hljs-keyword").first().waitFor({ timeout: 20_000 });
  await expect(answer.locator(".math-pending").count()).resolves.toBe(0);
  // Styled: the stylesheet hides KaTeX's MathML copy (it would otherwise show the formula twice).
  await expect(
    answer
      .locator(".katex .katex-mathml")
      .first()
      .evaluate((el) => getComputedStyle(el).position),
  ).resolves.toBe("absolute");
}

describe("math and code renderers after a network drop", () => {
  it("arrive when the browser is back online, not asked for while it is offline", async () => {
    const { page, requests } = await openWithRenderersFailing();
    await context.setOffline(true);
    // Offline, nothing asks for them: not the blocks' requests, not a timer (the first wait is 2 s).
    await page.waitForTimeout(3_000);
    expect(requests).toEqual([]);
    await context.setOffline(false);
    await expectRendered(page);
    await page.close();
  });

  it("arrive when a later answer needs them, and the answers already shown render again", async () => {
    const { page, requests } = await openWithRenderersFailing();
    await send(page, "Another answer with math and code");
    await waitForAnswer(page);
    await expectRendered(page);
    await lastAnswer(page).locator(".katex-html").first().waitFor({ state: "attached" });
    // One try per renderer and the stylesheet, not one per block or per streamed chunk.
    expect(requests.length).toBeLessThanOrEqual(3);
    await page.close();
  });
});
