// The sign-up code page in Chromium: each wrong code says the tries left; the last one disables Confirm, also
// after a reload, and says to ask for a new code, which then works.
import { createHash } from "node:crypto";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, DEMO_PASSWORD, demoEmail, eventually, mailedCode, sql } from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * An unverified account with a code the test knows, sent two minutes ago (a new one may be asked for at once).
 * Made in the database: sign-ups from one address are limited, and the browser tests share one.
 */
async function unverifiedAccount(code: string): Promise<string> {
  const email = `verify-${crypto.randomUUID()}@example.test`;
  const [row] = await sql(
    `insert into hot."user" (email, verified, "hashedPassword")
     select $1, false, "hashedPassword" from hot."user" where email = $2 and verified returning id`,
    [email, demoEmail("none")],
  );
  const userId = String(row?.id);
  await sql(
    `insert into hot.verification_code ("userId", "codeHash", "expiresAt", "sentAt")
     values ($1, $2, now() + interval '10 minutes', now() - interval '2 minutes')`,
    [userId, createHash("sha256").update(`${userId}:${code}`).digest("hex")],
  );
  return email;
}

/** A browser context signed in (through the API) as a new unverified account whose code is `code`. */
async function signedInUnverified(code: string): Promise<{ email: string; context: BrowserContext }> {
  const email = await unverifiedAccount(code);
  const context = await browser.newContext();
  const signedIn = await context.request.post(`${base()}/api/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers: { Origin: base() },
  });
  expect(signedIn.ok()).toBe(true);
  return { email, context };
}

describe("the verification page", () => {
  it("counts the tries down, then offers only a new code, which confirms the account", async () => {
    const { email, context } = await signedInUnverified("123456");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/verification`);
    const field = page.getByLabel("Verification code");
    const confirm = page.getByRole("button", { name: "Confirm" });
    const attempts = page.getByTestId("verification-attempts");

    await field.fill("654321");
    await confirm.click();
    await eventually(() => attempts.textContent()).toBe("4 attempts left with this code.");
    for (const left of [3, 2, 1]) {
      await confirm.click();
      await eventually(() => attempts.textContent()).toBe(
        `${left} ${left === 1 ? "attempt" : "attempts"} left with this code.`,
      );
    }
    await confirm.click();
    const spent = "This code can no longer be used: ask for a new code below, then enter it here.";
    await eventually(() => attempts.textContent()).toBe(spent);
    expect(await page.getByRole("alert").textContent()).toBe("Too many wrong codes. Ask for a new one.");
    expect(await confirm.isDisabled()).toBe(true);

    // A reload knows it too (the verification state carries the tries left).
    await page.reload();
    await eventually(() => attempts.textContent()).toBe(spent);
    await field.fill("123456");
    expect(await confirm.isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Send me a new code" }).click();
    await page.getByText("A new code is on its way.").waitFor();
    expect(await attempts.count()).toBe(0);
    await field.fill(await mailedCode(email));
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await eventually(() => new URL(page.url()).pathname).not.toBe("/verification");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("typing the code, and a day's tries used up", () => {
  it("keeps a pasted code's six digits, says the server's wait, disables Confirm one way, offers no Open app", async () => {
    const { context } = await signedInUnverified("123456");
    const page = await context.newPage();
    await page.goto(`${base()}/pricing`);
    const openApp = page.getByRole("link", { name: "Open app" });
    await openApp.waitFor();
    await page.goto(`${base()}/verification`);
    const field = page.getByLabel("Verification code");
    const confirm = page.getByRole("button", { name: "Confirm" });
    // The app is this page until the code is in: no "Open app" leading back to it.
    await field.waitFor();
    expect(await openApp.count()).toBe(0);
    // Disabled with no code: not also announced as enabled (aria-disabled="false").
    expect(await confirm.isDisabled()).toBe(true);
    expect(await confirm.getAttribute("aria-disabled")).toBeNull();
    for (const pasted of [" 511027", "511-027", " 511 027 "]) {
      await field.fill(pasted);
      expect(await field.inputValue(), JSON.stringify(pasted)).toBe("511027");
    }
    // The day's tries are counted per account and per address: hours, not "a few minutes".
    await page.route("**/api/login/verification", (route) =>
      route.fulfill({
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "39012" },
        body: JSON.stringify({
          error: { code: "too_many_requests", message: "Too many codes tried today. Try again in 11 hours." },
        }),
      }),
    );
    await confirm.click();
    await eventually(() => page.getByRole("alert").textContent()).toBe(
      "Too many attempts. Please try again in 11 hours.",
    );
    await context.close();
  });
});

describe("asking for a new code", () => {
  it("counts the wait down again after each resend, and a refused one says the server's wait", async () => {
    const { email, context } = await signedInUnverified("123456");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The page's minute passes when the test says; the server's runs as usual.
    await page.clock.install();
    await page.goto(`${base()}/verification`);
    const resend = page.locator(".auth-switch button");
    // The server's first reading (a wait of 0) is in before anything is clicked.
    await page.getByText(email).waitFor();
    const backdate = () =>
      sql(
        `update hot.verification_code set "sentAt" = now() - interval '2 minutes'
         where "userId" = (select id from hot."user" where email = $1)`,
        [email],
      );
    // Each second's tick is set after the last one rendered: one jump would run only the first.
    const waitOut = () =>
      eventually(async () => {
        await page.clock.fastForward(1_000);
        return resend.textContent();
      }).toBe("Send me a new code");

    // Two resends a minute apart each read a 60 s wait: the second must start the count again too.
    for (const round of [1, 2]) {
      await eventually(() => resend.textContent(), 5_000).toBe("Send me a new code");
      await resend.click();
      await eventually(() => resend.textContent(), 5_000).toMatch(
        /^You can ask for a new code in (60|59) s$/,
      );
      expect(await page.locator(".alert.success").textContent(), `round ${round}`).toBe(
        "A new code is on its way.",
      );
      await waitOut();
      if (round === 1) await backdate();
    }

    // This page's count is over, yet the server sent the last code seconds ago: its wait is what is said.
    await resend.click();
    await eventually(() => page.getByRole("alert").textContent(), 5_000).toMatch(
      /^Please wait \d+ seconds before asking for a new code\.$/,
    );
    const said = Number(/\d+/.exec((await page.getByRole("alert").textContent()) ?? "")?.[0]);
    expect(said).toBeGreaterThan(30);
    expect(said).toBeLessThanOrEqual(60);
    await eventually(() => resend.textContent()).toMatch(/^You can ask for a new code in \d+ s$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
