// The language a visitor chose, kept where the app answers them: a sign-up from a page under /de/ mails its
// code in German (no locale cookie needed), and the language control in Settings keeps the focus when the
// screen is redrawn in the new language.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, DEMO_PASSWORD, eventually, pathOf, signUpFresh, sql } from "./session";

let browser: Browser;
const base = () => inject("appUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A client address of its own: sign-ups from one address are limited, and the journeys share 127.0.0.1. */
const ownAddress = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint16Array(3));
  return `fd00:${a?.toString(16)}:${b?.toString(16)}:${c?.toString(16)}::2`;
};

/** A new verified account with a plan (a plan-less one is sent to the plans instead of Settings). */
async function subscribedFresh(context: BrowserContext, label: string): Promise<string> {
  const email = await signUpFresh(context, base(), label);
  await sql(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
     select id, 'cus_' || $2 || id, 'sub_' || $2 || id, 2000, true, 1 from hot."user" where email = $1 and verified`,
    [email, label],
  );
  for (const flag of ["saveLastReleaseNote", "saveHasSeenOnboardingTips"]) {
    const res = await context.request.get(`${base()}/api/user/preferences/${flag}`, {
      headers: { "X-Switchboard-Request": "1" },
    });
    expect(res.ok()).toBe(true);
  }
  return email;
}

describe("a language chosen by the address", () => {
  it("mails the sign-up code in German from /de/, with no locale cookie and an English browser", async () => {
    const context = await browser.newContext({
      locale: "en-US",
      extraHTTPHeaders: { "CF-Connecting-IP": ownAddress() },
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/de/login?mode=signup`);
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect((await context.cookies()).find((cookie) => cookie.name === "locale")).toBeUndefined();

    const email = `de-signup-${crypto.randomUUID()}@example.test`;
    await page.locator("#email").fill(email);
    await page.locator("#password").fill(DEMO_PASSWORD);
    await page.locator("form button[type=submit]").click();
    await eventually(() => pathOf(page)).toBe("/de/verification");
    const [mail] = await sql<{ subject: string }>(
      `select subject from hot.dev_outbox where "to" = $1 order by id desc limit 1`,
      [email],
    );
    expect(mail?.subject).toMatch(/^Dein Switchboard-Code: \d{6}$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the language control in Settings", () => {
  it("keeps the focus through the switch, so the arrow keys go on through the languages", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "settings-focus");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/app/account/settings`);
    const select = page.locator("#settings-language");
    await select.focus();
    await select.selectOption("fr");
    await eventually(() => pathOf(page)).toBe("/fr/app/account/settings");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Paramètres");
    // Past the moment the last resort would have put it on the main region (use-lost-focus-to-main.ts).
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("settings-language");

    // The keyboard goes on from there: the next language down the list.
    await page.keyboard.press("ArrowDown");
    await eventually(() => pathOf(page)).toBe("/it/app/account/settings");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("settings-language");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is the footer's picker too: on the sign-in page it keeps the focus through the switch", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/login`);
    const select = page.locator("#locale-select");
    await select.focus();
    await select.selectOption("es");
    await eventually(() => pathOf(page)).toBe("/es/login");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("locale-select");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps what was typed in a form through the switch, and the form sends it", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/es/contact`);
    await page.locator("#contact-email").fill("lectora@example.com");
    await page.locator("#contact-message").fill("Un mensaje escrito a medias");
    await page.locator("#locale-select").selectOption("it");
    await eventually(() => pathOf(page)).toBe("/it/contact");
    await eventually(() => page.locator("#contact-message").inputValue()).toBe("Un mensaje escrito a medias");
    expect(await page.locator("#contact-email").inputValue()).toBe("lectora@example.com");
    // Kept in the form's own state, not only on screen: what is sent is what shows.
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/contact"));
    await page.locator("form").getByRole("button").last().click();
    expect((await sent).postDataJSON()).toMatchObject({
      email: "lectora@example.com",
      message: "Un mensaje escrito a medias",
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
