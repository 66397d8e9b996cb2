// Journey: on /app/account/settings/api a person is told a key needs a name, creates one, copies it (shown
// once, with ready calls for this site), sees it listed by its first characters, uses it, and revokes it — on
// a phone-wide screen. Keys come with a plan: without one the page says so and links to the plans.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, eventually, givePlan, pathOf, signUpFresh } from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A fresh account of its own with a plan, signed in on `context`. */
async function subscriber(context: BrowserContext, label: string) {
  const email = await signUpFresh(context, base(), label);
  await givePlan(email);
  return email;
}

describe("API keys", () => {
  it("creates a key shown once, lists it, and revokes it after confirmation", async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 760 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await subscriber(context, "api-keys");
    await page.goto(`${base()}/app/account/settings/api`);

    await page.getByText("No API key yet").waitFor();
    const name = page.getByLabel("Key name");
    // No name yet: the app's own error under the field, announced, the focus on the field; not the
    // browser's validation bubble (which an "invalid" event would have come with).
    await name.evaluate((field) =>
      field.addEventListener("invalid", () => field.setAttribute("data-browser-bubble", "")),
    );
    await page.getByRole("button", { name: "Create key" }).press("Enter");
    const missing = page.getByText("Give the key a name.");
    await missing.waitFor();
    expect(await missing.getAttribute("role")).toBe("alert");
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await eventually(() => name.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await name.getAttribute("data-browser-bubble")).toBe(null);
    await name.fill("My laptop");
    await eventually(() => missing.count()).toBe(0);
    await page.getByRole("button", { name: "Create key" }).click();

    // The secret, once, with a copy button and calls that use this site's address; the focus is on it.
    const secret = page.getByTestId("api-key-secret");
    await secret.waitFor();
    await eventually(() => secret.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    const key = (await page.getByTestId("api-key-value").textContent()) ?? "";
    expect(key).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId("api-key-copy").click();
    await eventually(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect.poll(() => page.getByTestId("api-key-copy").textContent()).toContain("Copied");
    const curl = (await page.getByTestId("api-snippet").textContent()) ?? "";
    expect(curl).toContain(`curl ${base()}/api/v1/chat/completions`);
    expect(curl).toContain(`Bearer ${key}`);
    await page.getByRole("tab", { name: "Python (openai)" }).click();
    expect(await page.getByTestId("api-snippet").textContent()).toContain(`base_url="${base()}/api/v1"`);
    // Fits a phone, the long snippet lines scrolling inside their box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Listed by name and first characters; the whole key is nowhere once the panel is closed.
    const row = page.getByTestId("api-key-row");
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("My laptop");
    expect(await row.textContent()).toContain(`${key.slice(0, 11)}…`);
    expect(await row.textContent()).toContain("Never");
    // Created: a date with its time, not a time alone ("05:14 PM") that says not which day.
    const created = (await row.locator('td[data-label="Created"]').textContent()) ?? "";
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(new Date()),
    );
    expect(created).toMatch(new RegExp(`^${today}, \\d{1,2}:\\d{2}\\s?[AP]M$`));
    await page.getByRole("button", { name: "I have saved it" }).click();
    await eventually(() => secret.count()).toBe(0);
    // The focus goes on to the form below, not to the top of the page.
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await page.content()).not.toContain(key);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The key works from outside the browser, and shows as used.
    const models = await context.request.get(`${base()}/api/v1/models`, {
      headers: { Authorization: `Bearer ${key}`, Cookie: "" },
    });
    expect(models.status()).toBe(200);
    await page.reload();
    await eventually(async () => (await row.textContent())?.includes("Never")).toBe(false);

    // Revoke: a confirmation first; cancelling keeps the key.
    await page.getByRole("button", { name: "Revoke My laptop" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this key?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await row.count()).toBe(1);
    await page.getByRole("button", { name: "Revoke My laptop" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("No API key yet").waitFor();
    // Its row gone and no other key left, the focus is on the form to make another.
    await eventually(() => name.evaluate((field) => field === document.activeElement)).toBe(true);
    const after = await context.request.get(`${base()}/api/v1/models`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(after.status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("closes the one-time panel when its own key is revoked, the focus on the key left", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 760 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await subscriber(context, "api-keys-revoke-shown");
    await page.goto(`${base()}/app/account/settings/api`);
    const name = page.getByLabel("Key name");
    const secret = page.getByTestId("api-key-secret");
    const row = page.getByTestId("api-key-row");
    for (const saved of ["Old script", "Spare script"]) {
      await name.fill(saved);
      await name.press("Enter");
      await page.getByRole("button", { name: "I have saved it" }).click();
      await eventually(() => secret.count()).toBe(0);
    }
    await name.fill("New script");
    await name.press("Enter");
    await secret.waitFor();
    const key = (await page.getByTestId("api-key-value").textContent()) ?? "";
    await eventually(() => row.count()).toBe(3);
    const dialog = page.getByRole("dialog", { name: "Revoke this key?" });

    // Another key revoked: the panel stays, its key still works.
    await page.getByRole("button", { name: "Revoke Spare script" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await eventually(() => row.count()).toBe(2);
    expect(await secret.count()).toBe(1);

    // The panel's own key revoked: its secret and calls would answer 401, so the panel goes with the row.
    await page.getByRole("button", { name: "Revoke New script" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await eventually(() => row.count()).toBe(1);
    await eventually(() => secret.count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    // The focus is not dropped to the page: it goes on to the key left.
    const left = page.getByRole("button", { name: "Revoke Old script" });
    await eventually(() => left.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives a second key made while the first one's panel is open its own panel, with the focus", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await subscriber(context, "api-keys-two");
    await page.goto(`${base()}/app/account/settings/api`);
    const name = page.getByLabel("Key name");
    const value = page.getByTestId("api-key-value");
    const secret = page.getByTestId("api-key-secret");
    await name.fill("First");
    await name.press("Enter");
    await secret.waitFor();
    const first = await value.textContent();
    await page.getByRole("tab", { name: "Python (openai)" }).click();
    await name.fill("Second");
    await name.press("Enter");
    await eventually(() => value.textContent()).not.toBe(first);
    // A new key's panel, as the first one was: the focus on it, and its calls from the first tab.
    await eventually(() => secret.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    expect(await page.getByRole("tab", { name: "curl" }).getAttribute("aria-selected")).toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without a plan, says keys come with one and links to the plans instead of offering a Create button", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUpFresh(context, base(), "api-keys-no-plan");
    await page.goto(`${base()}/app/account/settings/api`);
    const notice = page.getByTestId("api-key-plan");
    await notice.waitFor();
    expect(await notice.getByRole("heading").textContent()).toBe("API keys come with a plan");
    await page.getByText("Keys you create with a plan are listed here.").waitFor();
    expect(await page.getByRole("button", { name: "Create key" }).count()).toBe(0);
    expect(await page.getByLabel("Key name").count()).toBe(0);
    await notice.getByRole("link", { name: "See the plans" }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/subscription");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the keys of a plan that ended listed and revocable, and says why no new one can be made", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const email = await subscriber(context, "api-keys-ended");
    await page.goto(`${base()}/app/account/settings/api`);
    const name = page.getByLabel("Key name");
    await name.fill("Old script");
    await name.press("Enter");
    await page.getByRole("button", { name: "I have saved it" }).click();
    await givePlan(email, false);
    await page.reload();

    const notice = page.getByTestId("api-key-plan");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Your plan has ended");
    expect(await page.getByRole("button", { name: "Create key" }).count()).toBe(0);
    const row = page.getByTestId("api-key-row");
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("Old script");
    await page.getByRole("button", { name: "Revoke Old script" }).click();
    await page
      .getByRole("dialog", { name: "Revoke this key?" })
      .getByRole("button", { name: "Revoke key" })
      .click();
    await page.getByText("Keys you create with a plan are listed here.").waitFor();
    // No form to make another: the focus goes on to the notice's link, not to the top of the page.
    const link = notice.getByRole("link", { name: "See the plans" });
    await eventually(() => link.evaluate((a) => a === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
