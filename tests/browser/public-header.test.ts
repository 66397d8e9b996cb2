// The public header on a phone, in every language, signed in and out: the logo keeps its size (a long "Open
// app" in Polish once squeezed it to a 2 px sliver), nothing overlaps it and the page never scrolls sideways.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES } from "../../src/domain/locales";
import { launchBrowser } from "./browser";
import { collectPageErrors, eventually, signIn } from "./session";

/** The header's words in a language, as its catalogue has them. */
const navWords = async (locale: string) =>
  ((await import(`../../client/i18n/locales/${locale}/common.json`)) as { nav: Record<string, string> }).nav;

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The logo's box, the brand's and the links' right and bottom edges, and the page's scroll width. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      return element.getBoundingClientRect();
    };
    const logo = box(".public-header .brand .logo");
    const brand = box(".public-header .brand");
    const links = [...document.querySelectorAll(".public-nav a")]
      .map((link) => link.getBoundingClientRect())
      .filter((link) => link.width > 0);
    return {
      logo: { width: logo.width, height: logo.height },
      // A link beside the brand starts after it; one on the line below starts under it.
      overlaps: links.some(
        (link) => link.left < brand.right && link.top < brand.bottom && link.bottom > brand.top,
      ),
      linksInside: links.every((link) => link.left >= 0 && link.right <= window.innerWidth),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });

describe("the public header on a phone", () => {
  for (const signedIn of [false, true]) {
    it(`keeps the logo whole in every language at 390 and 320 px, ${signedIn ? "signed in" : "signed out"}`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 700 } });
      if (signedIn) await signIn(context, base(), "standard");
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 700 });
        for (const locale of LOCALES) {
          // Polish, the longest "Open app", on both public pages; the others on the pricing page.
          const paths =
            locale === "pl" ? ["/pl/pricing", "/pl/"] : [locale === "en" ? "/pricing" : `/${locale}/pricing`];
          for (const path of paths) {
            await page.goto(`${base()}${path}`);
            // Measured in the page's own words: signed in, the header offers the app (the session's hint).
            const words = await navWords(locale);
            await eventually(() => page.locator(".public-nav a").allTextContents()).toEqual(
              signedIn ? [words.pricing, words.openApp] : [words.pricing, words.signIn, words.getStarted],
            );
            const seen = await measure(page);
            const where = `${path} at ${width} px`;
            // The phone size of the logo (30 px under 420 px wide), not squeezed by the links.
            expect(seen.logo, where).toEqual({ width: 30, height: 30 });
            expect(seen.overlaps, where).toBe(false);
            expect(seen.linksInside, where).toBe(true);
            expect(seen.scrollWidth, where).toBeLessThanOrEqual(width);
          }
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("the app header of the account pages on a phone", () => {
  it("keeps the logo whole at 390, 360 and 320 px, the word beside it given up first; the page not wider", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 700 } });
    await signIn(context, base(), "standard");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    const brand = page.locator(".app-header .brand");
    await brand.waitFor();
    for (const width of [390, 360, 320]) {
      await page.setViewportSize({ width, height: 700 });
      const logo = await brand.locator(".logo").boundingBox();
      expect(logo && [logo.width, logo.height], `${width} px`).toEqual([34, 34]);
      // Every control of the header on screen, the account menu's included.
      const outside = await page
        .locator(".app-header > *")
        .evaluateAll((found) => found.filter((el) => el.getBoundingClientRect().right > innerWidth).length);
      expect(outside, `${width} px`).toBe(0);
      // Nor does the page scroll sideways (the model order's rows pushed it 9 px at 320 px).
      await page.locator(".model-row").first().waitFor();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(width);
      // The link keeps its name where only the mark shows.
      await expect(brand.getAttribute("href")).resolves.toBeTruthy();
      expect(await brand.textContent()).toContain("Switchboard");
    }
    await context.close();
  });
});
