// A used-up quota on the chat screen: the banner names the category, and a refused send says what ran out,
// when sending works again and which free model answers meanwhile — all from the server's real 429.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { eventually, signUpFresh, sql } from "./session";

const base = () => inject("appUrl");
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ locale: "en-US" });
  const email = await signUpFresh(context, base(), "quota");
  // A starter plan (50 text messages per 3 hours) whose 50 were sent over the last two hours: the oldest
  // leaves the window in an hour.
  await sql(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
     select id, 'cus_quota' || id, 'sub_quota' || id, 1000, true, 1 from hot."user" where email = $1`,
    [email],
  );
  await sql(
    `insert into hot.usage ("userId", model, category, "requestedAt")
     select u.id, 'gpt-5', 'text', now() - interval '2 hours' + n * interval '1 minute'
     from hot."user" u, generate_series(0, 49) n where u.email = $1`,
    [email],
  );
  page = await context.newPage();
});
afterAll(async () => {
  await browser.close();
});

describe("a used-up quota", () => {
  it("is named by the banner, and a refused send says for how long and what still answers", async () => {
    await page.goto(`${base()}/app/a/default`);
    const banner = page.getByTestId("usage-banner");
    await eventually(() => banner.textContent()).toContain("Text messages: you have reached your limit.");
    const box = page.locator("#root").getByRole("textbox", { name: "Message" });
    await box.fill("One question too many");
    await box.press("Enter");
    const notice = page.locator(".composer-dock .message-notice");
    await eventually(() => notice.textContent()).toContain("You reached your quota.");
    expect(await notice.textContent()).toBe(
      "You reached your quota. Text messages: 50 per 3 hours on your plan. You can send another in 60 minutes." +
        " GPT-5 mini is free on your plan and answers meanwhile.",
    );
    // Nothing was sent: the question stays in the field to send again later (or to another model).
    expect(await box.inputValue()).toBe("One question too many");
  });

  it("says it in the reader's language", async () => {
    await context.addCookies([{ name: "locale", value: "fr", url: base() }]);
    await page.goto(`${base()}/app/a/default`);
    const banner = page.getByTestId("usage-banner");
    await eventually(() => banner.textContent()).toContain(
      "Messages texte : vous avez atteint votre limite.",
    );
    const box = page.locator("#root").getByRole("textbox", { name: /Message/ });
    await box.fill("Encore une question");
    await box.press("Enter");
    const notice = page.locator(".composer-dock .message-notice");
    // Intl writes "3 heures" with a no-break space.
    await eventually(async () => (await notice.textContent())?.replace(/\u00a0/g, " ")).toContain(
      "Messages texte : 50 par période de 3 heures avec votre formule.",
    );
  });
});
