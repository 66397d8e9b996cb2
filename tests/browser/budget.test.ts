// Speed budgets of DESIGN §6: the JavaScript a first visit downloads, gzip-compressed as it is served:
// ≤ 90 KB for the home page, ≤ 200 KB for the chat screen.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { signIn } from "./session";

let browser: Browser;
const base = () => inject("appUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Our page's scripts: the service worker's own script runs in the worker, not the page, and is left out. */
const isPageScript = (pathname: string) =>
  pathname.endsWith(".js") && pathname !== "/sw.js" && !pathname.includes("workbox-");

/** The scripts the page itself fetched, by its own account (Resource Timing), sorted. */
async function loadedScripts(page: Page): Promise<string[]> {
  const names = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
  return [...new Set(names.map((name) => new URL(name).pathname).filter(isPageScript))].sort();
}

/**
 * Loads `path` in a fresh context and sums the gzip size of every script the page fetched. Every script
 * the page loaded must be counted, and nothing else: a lost body or a missed script fails the test
 * instead of making the total smaller.
 */
async function scriptBytes(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const failures: string[] = [];
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (!isPageScript(pathname)) return;
    reads.push(
      response.body().then(
        (body) => void sizes.set(pathname, gzipSync(body, { level: 9 }).length),
        (error: Error) => void failures.push(`${pathname}: ${error.message}`),
      ),
    );
  });
  await page.goto(`${base()}${path}`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
  // Until every body read has settled and the counted scripts are exactly the ones the page loaded.
  const counted = async () => {
    await Promise.all(reads);
    return [...sizes.keys()].sort();
  };
  await expect
    .poll(async () => JSON.stringify(await counted()) === JSON.stringify(await loadedScripts(page)))
    .toBe(true);
  expect(failures).toEqual([]);
  const scripts = await loadedScripts(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(await counted()).toEqual(scripts);
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} scripts`);
  await page.close();
  return total;
}

describe("first-visit JavaScript", () => {
  it("home page ≤ 90 KB", async () => {
    const context = await browser.newContext();
    expect(await scriptBytes(context, "/")).toBeLessThanOrEqual(90 * 1024);
    await context.close();
  });

  it("chat screen ≤ 200 KB", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "starter");
    expect(await scriptBytes(context, "/app/a/default")).toBeLessThanOrEqual(200 * 1024);
    await context.close();
  });
});
