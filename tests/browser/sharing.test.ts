// Journey: share a chat from its menu → open the link in a fresh context without cookies, with JavaScript off
// (the Worker's own page reads whole) → the XSS corpus in the shared answer runs nothing → another user
// continues it (the page's form forks it) and goes on → branch from a message → stop sharing: the link is gone.
import pg from "pg";
import type { Locator, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import {
  appUrl,
  composer,
  currentChatId,
  lastAnswer,
  poll,
  send,
  sessionPerFile,
  shownText,
  sidebarChats,
  signIn,
  waitForAnswer,
} from "./chat-support";
import { belowAA, contrastsOf } from "./contrast";

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
  "Some math: $e^{i\\pi} + 1 = 0$",
  "",
  "$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$",
  "",
  "[a real link](https://example.com/page)",
].join("\n");

const session = sessionPerFile();
let chatId = 0;
let link = "";
let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  const { page } = session;
  await page.goto(`${appUrl()}/app/a/default`);
  await send(page, "Share me please");
  chatId = await currentChatId(page);
  await waitForAnswer(page);
  // The answer becomes the hostile corpus, as a model could have written it.
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query(
      `update hot.message set content = $1 where chat = $2 and metadata->>'role' = 'assistant'`,
      [HOSTILE, chatId],
    );
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser?.close();
});

function newContext(
  options: {
    javaScriptEnabled?: boolean;
    colorScheme?: "light" | "dark";
    viewport?: { width: number; height: number };
  } = {},
) {
  if (!browser) throw new Error("the browser opens in beforeAll");
  return browser.newContext(options);
}

/** Keyboard and screen-reader users stay where they were: the focus never falls to <body>. */
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

const chatMenuItem = (page: Page) => page.locator(`li.chat-item[data-chat-id="${chatId}"]`);

async function openShareDialog(page: Page) {
  await chatMenuItem(page)
    .getByRole("button", { name: /^Actions for/ })
    .click();
  await page.getByRole("menuitem", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share this chat" });
  await dialog.waitFor();
  return dialog;
}

describe("sharing a chat", () => {
  it("makes a link from the chat's menu, saying what it shows", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const dialog = await openShareDialog(page);
    expect(await shownText(dialog)).toContain("as it is now");
    // Not shared yet: the dialog opens on "Create link", not on the search-engine box (a Space would tick it).
    await poll(() =>
      dialog
        .getByRole("button", { name: "Create link" })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    // The search-engine choice is a checkbox of the app's size, its label beside it on one line.
    const listed = await dialog
      .getByRole("checkbox", { name: "Let search engines list this page" })
      .evaluate((input) => {
        const box = input.getBoundingClientRect();
        const label = document.createRange();
        label.setStartAfter(input);
        label.setEndAfter(input.parentElement?.lastChild ?? input);
        const middle = (box.top + box.bottom) / 2;
        const lines = [...label.getClientRects()].filter((line) => line.width > 0);
        return {
          width: box.width,
          lines: new Set(lines.map((line) => Math.round(line.top))).size,
          beside: lines.every((line) => line.left >= box.right && line.top < middle && line.bottom > middle),
        };
      });
    // The app's 20 px box (the assistant editor's), not the browser's 13 px one.
    expect(listed.width).toBe(20);
    expect(listed).toMatchObject({ lines: 1, beside: true });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await dialog.getByRole("button", { name: "Create link" }).click();
    const field = dialog.getByRole("textbox", { name: "Public link" });
    await poll(() => field.inputValue()).toMatch(
      /\/shared\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    // Made and copied: the link is on the clipboard without a second press, and the button says so.
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    // The pressed button is now "Update link", and still has the focus.
    expect(await focused(dialog.getByRole("button", { name: "Update link" }))).toBe(true);
    link = await field.inputValue();
    expect(link.startsWith(appUrl())).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("takes the search engines' choice of a shared chat at once: closing the dialog keeps it", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const robots = async () => (await page.request.get(link)).headers()["x-robots-tag"];
    expect(await robots()).toBe("noindex, nofollow");
    let dialog = await openShareDialog(page);
    const box = () => dialog.getByRole("checkbox", { name: "Let search engines list this page" });
    await box().check();
    await dialog.getByRole("button", { name: "Close" }).click();
    await poll(robots).toBe("index, nofollow");
    dialog = await openShareDialog(page);
    expect(await box().isChecked()).toBe(true);
    await box().uncheck();
    await page.keyboard.press("Escape");
    await poll(robots).toBe("noindex, nofollow");
    dialog = await openShareDialog(page);
    expect(await box().isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  it("reads whole in a fresh context with no cookies and JavaScript off", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // What the page's CSP refused (a font, a stylesheet), as the console reports it.
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    expect((await context.cookies()).length).toBe(0);
    await page.getByRole("heading", { name: "A perfectly normal answer" }).waitFor();
    const text = await shownText(page.locator("main"));
    expect(text).toContain("Share me please");
    expect(text).toContain("<script>window.__xss = 'script'</script>");
    expect(text).toContain("<iframe");
    // Math typeset without a script, as the app sets it: KaTeX's HTML in KaTeX's own fonts (the page carries
    // its stylesheet; its CSP lets our fonts load), the MathML kept for assistive technology alone. So a display
    // sum is drawn large even on a system without a math font (this one).
    const formula = page.locator("main .katex").first();
    expect(await formula.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("KaTeX_Main");
    expect(await formula.locator(".katex-mathml").evaluate((el) => getComputedStyle(el).position)).toBe(
      "absolute",
    );
    await poll(() => page.evaluate(() => document.fonts.check('16px "KaTeX_Size2"'))).toBe(true);
    const sum = page.locator("main .katex-display .katex-html .mop.op-symbol").first();
    const textSize = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
    expect((await sum.boundingBox())?.height).toBeGreaterThan(1.5 * textSize);
    expect(refused).toEqual([]);
    // A sign-in offer instead of the fork for a visitor.
    expect(await page.getByRole("link", { name: "Sign in to continue" }).count()).toBe(1);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBeTruthy();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    // The header's two ends sit on one line: "Shared conversation" level with the wordmark.
    const middles = await page.locator("header.top > *").evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      }),
    );
    expect(middles).toHaveLength(2);
    expect(Math.abs((middles[0] ?? 0) - (middles[1] ?? 0))).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("keeps the product's name on one line on a 320 px phone, in the language with the longest header", async () => {
    const context = await newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await page.goto(link.replace("/shared/", "/pl/shared/"));
    await page.getByText("Udostępniona rozmowa").first().waitFor();
    const brand = page.locator("header.top .brand");
    expect(await brand.textContent()).toBe("Switchboard");
    // One line box: "Switchboar" / "d" had two.
    const lines = await brand.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
    });
    expect(lines).toBe(1);
    await context.close();
  });

  it("keeps its buttons and links readable (WCAG AA) in both colour modes, and so does its 'not available' page", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await newContext({ javaScriptEnabled: false, colorScheme });
      const page = await context.newPage();
      const readable = async (button: string) => {
        await page.getByRole("link", { name: button }).waitFor();
        const found = await contrastsOf(page.locator("a, button").filter({ hasText: /\S/ }));
        expect(found.map((c) => c.text)).toContain(button);
        expect(belowAA(found), `${colorScheme}: ${JSON.stringify(found)}`).toEqual([]);
      };
      await page.goto(link);
      await readable("Sign in to continue");
      await page.goto(`${appUrl()}/shared/${crypto.randomUUID()}`);
      await page.getByRole("heading", { name: "This conversation is not available" }).waitFor();
      await readable((await page.locator("main a.button").textContent()) ?? "");
      await context.close();
    }
  });

  it("runs nothing from the XSS corpus, with JavaScript on", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const attempts: string[] = [];
    page.on("dialog", (dialog) => {
      attempts.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("pageerror", (error) => attempts.push(`pageerror: ${error.message}`));
    await page.goto(link);
    await page.getByRole("heading", { name: "A perfectly normal answer" }).waitFor();
    const main = page.locator("main");
    for (const selector of [
      "script",
      "iframe",
      "style",
      "object",
      "embed",
      "svg",
      "img",
      "[onerror]",
      "[onload]",
    ]) {
      expect(await main.locator(selector).count(), selector).toBe(0);
    }
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    const real = page.getByRole("link", { name: "a real link" });
    expect(await real.getAttribute("href")).toBe("https://example.com/page");
    expect(await real.getAttribute("rel")).toBe("noopener noreferrer");
    const before = page.url();
    await page.getByText("a javascript link").click();
    await page.getByText("a raw link").click();
    await page.getByText("pixel").click();
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe("none");
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    expect(attempts).toEqual([]);
    await context.close();
  });

  it("lets another user continue it as a chat of their own", async () => {
    const context = await newContext();
    await signIn(context, "team-member2@demo.switchboard.test");
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole("button", { name: "Continue this chat" }).click();
    await page.waitForURL(/\/app\/a\/default\/c\/\d+$/);
    const forkId = await currentChatId(page);
    expect(forkId).not.toBe(chatId);
    await page.getByRole("heading", { name: "A perfectly normal answer" }).waitFor();
    // The composer is ready: typing goes straight into it.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    await send(page, "And then what happened?");
    await waitForAnswer(page);
    expect(await shownText(lastAnswer(page))).toContain("And then what happened?");
    expect(await page.locator("#root article.message.user").count()).toBe(2);
    await context.close();
  });

  it("branches the owner's chat from an answer, opening the new chat with its composer", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await sidebarChats(page).first().waitFor();
    // The branch joins the list as it stands: reading the list again would drop the pages loaded with "Load more".
    const listReads: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes("/api/assistants/chats")) listReads.push(request.url());
    };
    page.on("request", onRequest);
    await lastAnswer(page).getByRole("button", { name: "Branch from here" }).click();
    await poll(() => currentChatId(page)).not.toBe(chatId);
    const branchId = await currentChatId(page);
    await page.getByRole("heading", { name: "A perfectly normal answer" }).waitFor();
    await poll(() => composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await poll(() => sidebarChats(page).first().getAttribute("data-chat-id")).toBe(String(branchId));
    page.off("request", onRequest);
    expect(listReads).toEqual([]);
  });

  it("stops sharing: the link answers 'not available' at once", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const dialog = await openShareDialog(page);
    await dialog.getByRole("button", { name: "Stop sharing" }).click();
    await dialog.getByRole("button", { name: "Create link" }).waitFor();
    // "Stop sharing" is gone: "Create link", in its place, has the focus.
    await poll(() => focused(dialog.getByRole("button", { name: "Create link" }))).toBe(true);
    const context = await newContext({ javaScriptEnabled: false });
    const reader = await context.newPage();
    const res = await reader.goto(link);
    expect(res?.status()).toBe(404);
    await reader.getByRole("heading", { name: "This conversation is not available" }).waitFor();
    await context.close();
  });

  it("on a phone, Escape closes the dialog only: the drawer stays, its chat's menu button has the focus", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page.getByRole("button", { name: "Open the sidebar" }).click();
    const dialog = await openShareDialog(page);
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);
    const opener = chatMenuItem(page).getByRole("button", { name: /^Actions for/ });
    await poll(() => focused(opener)).toBe(true);
    expect(await opener.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
