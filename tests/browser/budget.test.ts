// Speed budgets of DESIGN §6: the JavaScript a first visit downloads, gzip-compressed as it is served:
// ≤ 90 KB for the home page, ≤ 200 KB for the chat screen.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
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

/**
 * Loads `path` in a fresh context and sums the gzip size of every script the page fetched. The service
 * worker's own script runs in the worker, not the page, and is listed apart.
 */
async function scriptBytes(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js") || url.pathname === "/sw.js" || url.pathname.includes("workbox-"))
      return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(url.pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base()}${path}`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} scripts`);
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
