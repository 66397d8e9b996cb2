// Journey: deleting one's account says a wrong password before asking "for good?", and Cancel keeps it.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { collectPageErrors, DEMO_PASSWORD, signUpFresh } from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("account deletion", () => {
  it("checks the password first, then asks in a dialog; Escape and Cancel keep the account", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // A browser confirm() would block here: the test fails if one is shown.
    page.on("dialog", (dialog) => {
      throw new Error(`a browser dialog was shown: ${dialog.message()}`);
    });
    await signUpFresh(context, base(), "delete-me");
    await page.goto(`${base()}/app/account/settings`);
    await page.getByText("Delete my account").first().click();
    const field = page.getByLabel("Confirm with your password");

    await field.fill(`${DEMO_PASSWORD}-typo`);
    await field.press("Enter");
    await page.getByText("The password is not correct.").first().waitFor();
    const question = page.getByRole("dialog", { name: "Delete your account for good?" });
    expect(await question.isVisible()).toBe(false);

    await field.fill(DEMO_PASSWORD);
    await field.press("Enter");
    await question.waitFor();
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "hidden" });
    await field.press("Enter");
    await question.getByRole("button", { name: "Keep my account" }).click();
    await question.waitFor({ state: "hidden" });
    expect((await context.request.get(`${base()}/api/login/user`)).status()).toBe(200);

    await field.press("Enter");
    await question.getByRole("button", { name: "Delete it for good" }).click();
    await page.waitForURL(`${base()}/`);
    // The home page it lands on says what happened.
    await page
      .getByTestId("notification")
      .filter({ hasText: "Your account has been deleted, with your chats, assistants and files." })
      .waitFor();
    expect((await context.request.get(`${base()}/api/login/user`)).status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
