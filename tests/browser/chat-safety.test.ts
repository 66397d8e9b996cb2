// Journey: a hostile answer (script tag, onerror image, javascript: links, SVG with script, iframe, style)
// arrives through the live stream and from the saved history; nothing in it runs, and links open safely.
// First as crafted responses (every payload at once), then end to end: a real provider stream (the local
// OpenAI server, whose answer quotes the prompt) through the Durable Object and Postgres.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appUrl,
  currentChatId,
  lastAnswer,
  poll,
  send,
  sessionPerFile,
  shownText,
  waitForAnswer,
} from "./chat-support";

const HOSTILE = [
  "# A perfectly normal answer",
  "",
  "Hello <script>window.__xss = 'script'</script> world.",
  "",
  `<img src="x" onerror="window.__xss = 'onerror'">`,
  "",
  "[a javascript link](javascript:window.__xss='link')",
  "",
  `<a href="javascript:window.__xss='raw-link'">a raw link</a>`,
  "",
  `<svg><script>window.__xss = 'svg-script'</script><circle r="5" onload="window.__xss = 'svg-onload'"/></svg>`,
  "",
  `<iframe src="javascript:window.__xss='iframe'"></iframe>`,
  "",
  "![pixel](javascript:window.__xss='image')",
  "",
  "<style>body { display: none }</style>",
  "",
  "[a real link](https://example.com/page)",
].join("\n");

const session = sessionPerFile();
let chatId = 0;
beforeAll(async () => {
  const { page } = session;
  await page.goto(`${appUrl()}/app/a/default`);
  // The user's own message may carry markup too: it is shown as the text it is.
  await send(page, `Is this safe? <img src=x onerror="window.__xss='user'"> <b>bold?</b>`);
  chatId = await currentChatId(page);
  await waitForAnswer(page);
});

/** A page that records anything that tries to run: dialogs, CSP refusals, and the payload's own marker. */
async function guardedPage(): Promise<{ page: Page; attempts: string[] }> {
  const page = await session.context.newPage();
  const attempts: string[] = [];
  page.on("dialog", (dialog) => {
    attempts.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => attempts.push(`pageerror: ${error.message}`));
  await page.exposeFunction("__reportViolation", (what: string) => attempts.push(`csp: ${what}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { __reportViolation(what: string): void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  return { page, attempts };
}

/** Serves the chat with its last answer replaced (history), or unfinished and streamed (live). */
async function serveHostile(page: Page, mode: "history" | "live"): Promise<void> {
  await page.route(new RegExp(`/api/chat/${chatId}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { messages: { id: number; content: string; metadata: object }[] };
    const last = body.messages.at(-1);
    if (last) {
      last.content = mode === "history" ? HOSTILE : "";
      last.metadata = { role: "assistant", done: mode === "history", outcome: "done" };
    }
    await route.fulfill({ response, json: body });
  });
  await page.route(new RegExp(`/api/chat/${chatId}/stream$`), async (route) => {
    const res = await page.request.get(`${appUrl()}/api/chat/${chatId}?limit=1`);
    const id = ((await res.json()) as { messages: { id: number }[] }).messages.at(-1)?.id ?? 0;
    const events = [
      { type: "start", messageId: id, model: "test", generationId: "hostile" },
      {
        type: "search",
        status: "completed",
        sources: [{ url: "javascript:window.__xss='source'", title: "evil" }],
      },
      ...(HOSTILE.match(/[\s\S]{1,40}/g) ?? []).map((delta) => ({ type: "text", delta })),
      { type: "image", image: { url: "javascript:window.__xss='picture'", mimeType: "image/png" } },
      { type: "done", outcome: "done", messageId: id },
    ];
    const body = events
      .map((e, i) => `id: ${i + 1}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
      .join("");
    await route.fulfill({ status: 200, headers: { "Content-Type": "text/event-stream" }, body });
  });
}

async function expectInert(page: Page, attempts: string[], live: boolean) {
  const answer = lastAnswer(page);
  await answer.getByRole("heading", { name: "A perfectly normal answer" }).waitFor();
  await waitForAnswer(page);
  const markdown = answer.locator(".markdown");
  // The markup is there to read, as text.
  await poll(() => shownText(markdown)).toContain("<script>window.__xss = 'script'</script>");
  expect(await shownText(markdown)).toContain("<iframe");
  for (const selector of ["script", "iframe", "style", "object", "embed", "[onerror]", "[onload]"]) {
    expect(await answer.locator(selector).count(), selector).toBe(0);
  }
  // Our own icons are SVG and pictures; the answer's text brings none.
  expect(await markdown.locator("svg, img").count()).toBe(0);
  expect(await answer.locator('img[src^="javascript:" i], img[src="x"]').count()).toBe(0);
  expect(await answer.locator('a[href^="javascript:" i]').count()).toBe(0);
  // A web-search source with a script address is shown without its link.
  if (live) expect(await answer.locator(".search-status a:not([href])", { hasText: "evil" }).count()).toBe(1);

  const real = answer.getByRole("link", { name: "a real link" });
  expect(await real.getAttribute("href")).toBe("https://example.com/page");
  expect(await real.getAttribute("rel")).toBe("noopener noreferrer");
  expect(await real.getAttribute("target")).toBe("_blank");

  // Clicking what pretended to be links does nothing either.
  const before = page.url();
  await answer.getByText("a javascript link").click();
  await answer.getByText("a raw link").click();
  await answer.getByText("pixel").click();
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe("none");
  expect(attempts).toEqual([]);
}

describe("a hostile answer", () => {
  it("shows the user's own markup as text", async () => {
    const { page } = session;
    const question = page.locator("#root article.message.user").last();
    expect(await shownText(question)).toContain(`<img src=x onerror="window.__xss='user'"> <b>bold?</b>`);
    expect(await question.locator("img, b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  });

  it("runs nothing when it streams in live", async () => {
    const { page, attempts } = await guardedPage();
    await serveHostile(page, "live");
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await expectInert(page, attempts, true);
    await page.close();
  });

  it("runs nothing when it is read from the saved conversation", async () => {
    const { page, attempts } = await guardedPage();
    await serveHostile(page, "history");
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await expectInert(page, attempts, false);
    await page.close();
  });
});

/**
 * Prompts short enough (≤ 80 characters) to be quoted whole by the fake provider, and what the quote must
 * show: raw HTML as the text it is, a `javascript:` link as its bare label.
 */
const QUOTED = [
  {
    prompt: `<img src=x onerror="window.__xss='img'">[x](javascript:window.__xss='link')`,
    shown: `You wrote: "<img src=x onerror="window.__xss='img'">x".`,
  },
  {
    prompt: `<script>window.__xss='e2e-script'</script><svg onload="window.__xss='e2e-svg'">`,
    shown: `You wrote: "<script>window.__xss='e2e-script'</script><svg onload="window.__xss='e2e-svg'">".`,
  },
];

/** Saves the signed-in user's models configuration, returning the one it replaces. */
async function saveModels(modelsConfiguration: unknown): Promise<unknown> {
  const user = await session.context.request.get(`${appUrl()}/api/login/user`);
  const previous = ((await user.json()) as { modelsConfiguration: unknown }).modelsConfiguration;
  const res = await session.context.request.post(`${appUrl()}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration },
    headers: { Origin: appUrl() },
  });
  expect(res.ok()).toBe(true);
  return previous;
}

async function expectQuotedInert(page: Page, attempts: string[]) {
  const answers = page.locator("#root article.message.model");
  await poll(() => answers.count()).toBe(QUOTED.length);
  for (const [i, { prompt, shown }] of QUOTED.entries()) {
    expect(prompt.length).toBeLessThanOrEqual(80);
    const answer = answers.nth(i);
    const markdown = answer.locator(".markdown");
    // The provider's own words, quoting the hostile prompt.
    await poll(() => shownText(markdown)).toContain(shown);
    for (const selector of ["script", "iframe", "[onerror]", "[onload]", "svg", "img"]) {
      expect(await markdown.locator(selector).count(), `${selector} in answer ${i}`).toBe(0);
    }
    expect(await answer.locator('a[href^="javascript:" i]').count()).toBe(0);
  }
  // The label of the script link leads nowhere.
  const before = page.url();
  await answers.first().locator(".markdown").getByText("x", { exact: true }).click();
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(attempts).toEqual([]);
}

describe("a hostile answer from a real provider, end to end", () => {
  it("runs nothing as it streams through the Durable Object, nor once read back from Postgres", async () => {
    // gpt-4.1 first: new chats go to the local OpenAI server instead of the offline test model.
    const previous = await saveModels({ text: ["gpt-4.1"] });
    try {
      const { page, attempts } = await guardedPage();
      await page.goto(`${appUrl()}/app/a/default`);
      for (const [i, { prompt }] of QUOTED.entries()) {
        await send(page, prompt);
        await poll(() => page.locator("#root article.message.model").count()).toBe(i + 1);
        await waitForAnswer(page);
      }
      // Streamed live, from gpt-4.1 (not the offline test model).
      await lastAnswer(page).locator(".message-header", { hasText: "GPT-4.1" }).waitFor();
      await expectQuotedInert(page, attempts);

      await page.reload();
      await waitForAnswer(page);
      await expectQuotedInert(page, attempts);
      await page.close();
    } finally {
      await saveModels(previous);
    }
  });
});
