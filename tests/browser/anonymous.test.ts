// An anonymous visitor's pages ask the API nothing it can only refuse: no 401s, no errors in the console; a
// signed-in visitor's still ask who is signed in, once.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { eventually, pathOf, signIn } from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The page's API requests (method and path) and its console errors, from now on. */
function watch(page: Page) {
  const requests: string[] = [];
  const refused: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) requests.push(`${request.method()} ${url.pathname}`);
  });
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/") && response.status() === 401) refused.push(url.pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { requests, refused, errors };
}

/** Lets the page's start-up and its effects run out. */
const settled = (page: Page) => page.waitForLoadState("networkidle");

describe("an anonymous visitor", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(["/pricing", "/login", "/fr/pricing"])("on %s is refused nothing", async (path) => {
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${base()}${path}`);
    await settled(page);
    await page.locator("main").first().waitFor();
    expect(seen.refused).toEqual([]);
    expect(seen.requests).not.toContain("GET /api/login/user");
    expect(seen.errors).toEqual([]);
    await page.close();
  });

  it("opening a chat's address goes to the sign-in page without asking for the chat", async () => {
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${base()}/app/a/default/c/1`);
    await eventually(() => pathOf(page)).toBe("/login?redirect=%2Fapp%2Fa%2Fdefault%2Fc%2F1");
    await page.getByLabel("Email").waitFor();
    await settled(page);
    expect(seen.refused).toEqual([]);
    expect(seen.requests.filter((request) => !request.endsWith("/api/login/providers"))).toEqual([]);
    expect(seen.errors).toEqual([]);
    await page.close();
  });
});

describe("a signed-in visitor", () => {
  it("on /pricing is asked for once, and offered the app", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "starter");
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${base()}/pricing`);
    await settled(page);
    expect(seen.requests.filter((request) => request === "GET /api/login/user")).toEqual([
      "GET /api/login/user",
    ]);
    expect(seen.refused).toEqual([]);
    await context.close();
  });
});
