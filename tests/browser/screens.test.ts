// Every page fits a 375 px phone without sideways scrolling, and screenshots of home and pricing at 375 and
// 1280 px, light and dark, are written for a person to look at (their folder is printed).
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { signIn } from "./session";

const SHOTS = join(tmpdir(), "switchboard-screens");
let browser: Browser;
const base = () => inject("appUrl");

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  console.log(`screenshots in ${SHOTS}`);
});
afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways; 0 when it fits. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function settle(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
}

describe("screenshots", () => {
  for (const path of ["/", "/pricing"]) {
    for (const width of [375, 1280]) {
      for (const scheme of ["light", "dark"] as const) {
        it(`${path} at ${width} px, ${scheme} device`, async () => {
          const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
          const page = await context.newPage();
          await page.goto(`${base()}${path}`);
          await settle(page);
          const name = `${path === "/" ? "home" : "pricing"}-${width}-${scheme}.png`;
          await page.screenshot({ path: join(SHOTS, name), fullPage: true });
          expect(await overflow(page)).toBe(0);
          // SPEC §2 forces light on both, whatever the device says.
          expect(await page.getAttribute("html", "data-theme")).toBe("light");
          await context.close();
        });
      }
    }
  }
});

describe("a 375 px phone", () => {
  const publicPages = [
    "/login",
    "/login?mode=signup",
    "/verification",
    "/join?token=not-a-real-invitation",
    "/contact",
    "/ToU",
    "/privacy",
    "/legalNotice",
    // German's long compounds in the headings ("Datenschutzerklärung").
    "/de/ToU",
    "/de/privacy",
  ];
  it.each(publicPages)("shows %s without sideways scrolling", async (path) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    await settle(page);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });

  const accountPages = [
    "/app/account/settings",
    "/app/account/settings/api",
    "/app/account/settings/team",
    "/app/account/change_subscription",
    "/app/account/changePassword",
    "/app/assistants",
    "/app/assistants/new",
    "/fr/app/account/change_subscription?seeDetails=true",
  ];
  it.each(accountPages)("shows %s without sideways scrolling", async (path) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await signIn(context, base(), "expert");
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    await settle(page);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({
      path: join(SHOTS, `phone${path.replaceAll(/[/?=]/g, "-")}.png`),
      fullPage: true,
    });
    await context.close();
  });
});

describe("the account tabs on a 390 px phone", () => {
  // The last three tabs: off the screen's right edge unless the row is scrolled to them.
  const pages = ["/app/account/settings/team", "/app/account/settings/api", "/app/account/changePassword"];
  it.each(pages)("show %s's tab, the page not scrolled down to it", async (path) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signIn(context, base(), "expert");
    const page = await context.newPage();
    await page.goto(`${base()}${path}`);
    await settle(page);
    const tab = page.locator(".account-nav-item.active");
    const box = await tab.boundingBox();
    expect(box && [box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await context.close();
  });
});
