// The language a visitor chose, kept where the app answers them: a sign-up from a page under /de/ mails its
// code in German (no locale cookie needed).
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, DEMO_PASSWORD, eventually, pathOf } from "./session";

let browser: Browser;
const base = () => inject("appUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A client address of its own: sign-ups from one address are limited, and the journeys share 127.0.0.1. */
const ownAddress = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint16Array(3));
  return `fd00:${a?.toString(16)}:${b?.toString(16)}:${c?.toString(16)}::2`;
};

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
