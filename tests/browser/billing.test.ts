// Paying in Chromium against the local Stripe: pricing → sign up → verify → Checkout → plan; a declined
// card; an ended subscription bought anew (its Stripe customer gone: nothing to manage); a cancellation in the
// Customer Portal shown as scheduled, taken back by a change of seats; fewer seats and their credit; a yearly
// team's change of plan from /pricing, which once restarted it on one monthly seat.
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { emptySeats, typeTooManySeats } from "./seats-field";
import {
  collectPageErrors,
  eventually,
  holdRequests,
  mailedCode,
  pathOf,
  signIn,
  signUpFresh,
} from "./session";

const base = () => inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A plan written straight into the account's row: what a webhook landing at last would leave there. */
async function writePlan(email: string, amount: number): Promise<void> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query(
      `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
       select id, 'cus_late' || id, 'sub_late' || id, $2, true, 1 from hot."user" where email = $1`,
      [email, amount],
    );
  } finally {
    await client.end();
  }
}

async function sendTestMessage(context: BrowserContext, page: Page) {
  // The offline test models answer without any provider.
  const saved = await context.request.post(`${base()}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration: { text: ["test"] } },
    headers: { Origin: base() },
  });
  expect(saved.ok()).toBe(true);
  await page.goto(`${base()}/app/a/default`);
  const box = page.locator("#root").getByRole("textbox", { name: "Message" });
  await box.fill("Hello after paying");
  await box.press("Enter");
  const answer = page.locator("#root article.message.model").last();
  await eventually(async () => ((await answer.textContent()) ?? "").length > 10, 30_000).toBe(true);
}

describe("checkout", () => {
  it("takes a new visitor from the pricing page to a paid team plan, then to the chat", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const email = `buyer-${Date.now()}@example.test`;

    await page.goto(`${base()}/pricing?plan=standard&users=2&yearly=true`);
    await page.getByRole("link", { name: "Continue with Standard" }).click();
    await eventually(() => new URL(page.url()).pathname).toBe("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long and careful passphrase");
    await page.getByRole("button", { name: "Create my account" }).click();
    await eventually(() => new URL(page.url()).pathname).toBe("/verification");
    await page.getByLabel("Verification code").fill(await mailedCode(email));
    await page.getByRole("button", { name: "Confirm" }).click();

    // No plan yet: the subscription page, with the choice made on /pricing.
    await eventually(() => pathOf(page)).toBe("/app/account/subscription?users=2&plan=standard&yearly=true");
    await page.getByRole("button", { name: "Continue to payment" }).click();

    // Stripe's hosted Checkout (the local one): what is bought, then Pay.
    await page.getByTestId("checkout-pay").waitFor();
    expect(await page.getByTestId("checkout-seats").textContent()).toBe("2");
    expect(await page.getByTestId("checkout-interval").textContent()).toBe("year");
    await page.getByTestId("checkout-pay").click();

    // Back on the subscription page, which waits for the webhook, then shows the plan.
    await eventually(() => new URL(page.url()).pathname).toBe("/app/account/subscription");
    await page.getByTestId("payment-confirmed").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Standard");
    expect(await page.getByTestId("billing-seats").textContent()).toBe("1 in use of 2");
    expect(await page.getByTestId("billing-interval").textContent()).toBe("Yearly");
    await page.getByRole("link", { name: "Start chatting" }).click();
    await eventually(() => pathOf(page)).toBe("/app/a/default");
    await sendTestMessage(context, page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("leaves a declined card on no plan, with a clear message, and the choice kept", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "none");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription?plan=starter`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByTestId("checkout-decline").click();
    await page.getByTestId("checkout-error").waitFor();
    expect(await page.getByTestId("checkout-error").textContent()).toMatch(/declined/i);
    await page.getByTestId("checkout-back").click();
    await page.getByTestId("payment-cancelled").waitFor();
    expect(pathOf(page)).toContain("plan=starter");
    const user = await context.request.get(`${base()}/api/login/user`);
    expect(((await user.json()) as { usagePlan: string }).usagePlan).toBe("none");
    await context.close();
  });
});

describe("the way back from checkout", () => {
  it("says when the payment's confirmation is late, what to do, and shows the plan once it lands", async () => {
    const context = await browser.newContext();
    const email = await signUpFresh(context, base(), "late-webhook");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // The page's clock runs as usual until the test moves it on.
    await page.clock.install();
    // Back from Checkout, but no webhook (late, lost, or this address opened again from the history).
    await page.goto(`${base()}/app/account/subscription?checkout=success`);
    const status = page.getByTestId("payment-confirming");
    await status.waitFor();
    expect(await status.textContent()).toBe("Confirming your payment…");
    await page.clock.fastForward(25_000);
    await eventually(() => status.textContent()).toContain(
      "not received the confirmation of your payment yet",
    );
    // A reload does not start the wait over: the page still says it is late.
    await page.reload();
    await eventually(() => status.textContent()).toContain(
      "not received the confirmation of your payment yet",
    );
    expect(await status.textContent()).toContain("This page shows your plan as soon as it arrives");
    expect(await status.getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact");
    await status.getByRole("button", { name: "Check again" }).click();
    await status.getByTestId("payment-checked-at").waitFor();
    // The plans are there to pick, should the payment not have been made.
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    // The webhook lands at last: the page shows the plan by itself.
    await writePlan(email, 1000);
    await page.clock.fastForward(11_000);
    await page.getByTestId("payment-confirmed").waitFor({ timeout: 15_000 });
    await eventually(() => page.getByTestId("billing-plan").textContent()).toBe("Starter");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the plan pages' navigation", () => {
  it("takes 'See the plans' in the usage card to the plans on the same page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    await signIn(context, base(), "none");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription`);
    const usage = page.locator("section.usage");
    await usage.getByText("See the plans").click();
    // The plan choice takes the focus and is on screen.
    await eventually(() =>
      page.evaluate(() => document.activeElement?.closest(".plan-picker") !== null),
    ).toBe(true);
    await eventually(() =>
      page.locator(".plan-picker").evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      }),
    ).toBe(true);
    await context.close();
  });

  it("goes to the plans at once, without a smooth scroll, for someone who asked for less motion", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 700 },
      reducedMotion: "reduce",
    });
    await signIn(context, base(), "none");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription`);
    const seePlans = page.locator("section.usage").getByRole("button", { name: "See the plans" });
    await seePlans.waitFor();
    await page.locator(".plan-picker").waitFor();
    // Where the plans are just before the click and just after it, in the same task: a smooth scroll has not
    // moved yet; an instant one has brought them up to the top.
    const tops = await seePlans.evaluate((button) => {
      const plans = document.querySelector(".plan-picker") as HTMLElement;
      const before = plans.getBoundingClientRect().top;
      (button as HTMLElement).click();
      return { before, after: plans.getBoundingClientRect().top };
    });
    expect(tops.before).toBeGreaterThan(100);
    expect(tops.after).toBeLessThan(tops.before - 100);
    await context.close();
  });

  it("marks 'Plan & usage' current on both plan pages of a subscriber", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signIn(context, base(), "standard");
    const page = await context.newPage();
    const plan = page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Plan & usage" });
    for (const path of ["/app/account/subscription", "/app/account/change_subscription"]) {
      await page.goto(`${base()}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await eventually(() => plan.getAttribute("aria-current")).toBe("page");
      expect(await page.locator('.account-nav [aria-current="page"]').count()).toBe(1);
    }
    // The other entries are current on their own page only.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Settings" }).click();
    await eventually(() => plan.getAttribute("aria-current")).toBe(null);
    await context.close();
  });
});

describe("an ended subscription", () => {
  it("offers a new plan at checkout beside its billing, not a change page with nothing to change", async () => {
    const context = await browser.newContext();
    // Its row has ok = false and no status (the demo seed writes none).
    await signIn(context, base(), "unsubscribed");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription?plan=starter`);
    await page.getByTestId("billing-summary").waitFor();
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Subscription ended");
    // Ended by its plan, though its row has no status to say so: said in the card, and no seats in use.
    expect(await page.getByTestId("billing-cancellation").textContent()).toBe("Your subscription has ended.");
    expect(await page.getByTestId("billing-seats").count()).toBe(0);
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    expect(await page.getByRole("link", { name: "Change plan or seats" }).count()).toBe(0);

    // Its Stripe customer is gone (deleted there; the demo's never existed): nothing to manage, a plan to choose.
    await page.getByRole("button", { name: "Manage billing" }).click();
    const gone = page.getByTestId("billing-account-missing");
    await gone.waitFor();
    expect(await gone.textContent()).toContain("no longer exists at our payment provider");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Manage billing" }).count()).toBe(0);
    await gone.getByRole("button", { name: "Choose a plan" }).click();
    await eventually(() =>
      page.evaluate(() => document.activeElement?.closest(".plan-picker") !== null),
    ).toBe(true);
    // The account forgot that customer: after a reload there is still nothing to manage.
    await page.reload();
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    expect(await page.getByRole("button", { name: "Manage billing" }).count()).toBe(0);
    await context.close();
  });
});

describe("the customer portal", () => {
  it("cancels at the period's end, and the subscription page says when the plan ends", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A fresh buyer of their own (demo rows are not Stripe's): sign up through the API, verify, pay.
    await signUpFresh(context, base(), "portal");
    await page.goto(`${base()}/app/account/subscription?plan=expert`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByTestId("checkout-pay").click();
    await page.getByTestId("payment-confirmed").waitFor({ timeout: 30_000 });

    // A second seat: the prorated amount due today is shown before confirming.
    await page.getByRole("link", { name: "Change plan or seats" }).click();
    await page.getByLabel("Seats").fill("2");
    await page.getByTestId("change-preview").waitFor();
    expect(await page.getByTestId("change-preview").textContent()).toMatch(/Due today: €\d+/);
    await page.getByRole("button", { name: "Confirm the change" }).press("Enter");
    await page.getByTestId("change-done").waitFor();
    // The Confirm button is gone: the focus goes to what happened, not to the top of the page.
    await eventually(() =>
      page.getByTestId("change-done-focus").evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(await page.getByTestId("billing-seats").textContent()).toBe("1 in use of 2");
    await page.goto(`${base()}/app/account/subscription`);

    await page.getByRole("button", { name: "Manage billing" }).click();
    await page.getByTestId("portal-subscription").waitFor();
    await page.locator("summary", { hasText: "Cancel plan" }).click();
    await page.getByTestId("portal-cancel").click();
    await page.getByTestId("portal-cancel-date").waitFor();
    await page.getByTestId("portal-return").click();
    await page.getByTestId("billing-cancellation").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("billing-cancellation").textContent()).toMatch(/cancelled and ends on/);
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Expert");

    // A change afterwards is a choice to go on: the page says it takes the cancellation back, and it does.
    await page.getByRole("link", { name: "Change plan or seats" }).click();
    await page.getByLabel("Seats").fill("3");
    await page.getByTestId("change-preview").waitFor();
    expect(await page.getByTestId("change-resumes").textContent()).toContain(
      "takes back the scheduled cancellation",
    );
    await page.getByRole("button", { name: "Confirm the change" }).click();
    await page.getByTestId("change-done").waitFor();
    expect(await page.getByTestId("billing-cancellation").count()).toBe(0);

    // One seat fewer: nothing due, and Stripe's credit for the unused seat said before and after confirming.
    await page.goto(`${base()}/app/account/change_subscription`);
    // The page starts from the subscription as it is, once its summary has come.
    await eventually(() => page.getByLabel("Seats").inputValue()).toBe("3");
    await page.getByLabel("Seats").fill("2");
    const credit = /Credit for unused seats: €\d+\.\d{2}, applied to your next invoice\./;
    await page.getByTestId("change-credit").waitFor();
    expect(await page.getByTestId("change-preview").textContent()).toMatch(/^Due today: €0\.00\. /);
    expect(await page.getByTestId("change-credit").textContent()).toMatch(credit);
    await page.getByRole("button", { name: "Confirm the change" }).click();
    await page.getByTestId("change-done").waitFor();
    expect(await page.getByTestId("change-done").textContent()).toMatch(credit);
    expect(await page.getByTestId("billing-seats").textContent()).toBe("1 in use of 2");
    await context.close();
  });
});

/** Not available to press: disabled, or aria-disabled (which keeps the focus on it). */
const unavailable = async (page: Page, name: string) => {
  const button = page.getByRole("button", { name });
  return (await button.isDisabled()) || (await button.getAttribute("aria-disabled")) === "true";
};

describe("a yearly team changing its plan", () => {
  it("starts from its seats and interval, takes a typed seat count, and says what was charged", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signUpFresh(context, base(), "yearly-team");
    await page.goto(`${base()}/app/account/subscription?plan=standard&users=2&yearly=true`);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByTestId("checkout-pay").click();
    await page.getByTestId("payment-confirmed").waitFor({ timeout: 30_000 });

    // /pricing opens on the subscription's own interval and marks its plan there, not on the other one.
    await page.goto(`${base()}/pricing`);
    const current = page.getByTestId("plan-standard").locator(".badge.current");
    await current.waitFor();
    expect(await page.getByRole("radio", { name: /Yearly/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Monthly" }).check();
    await eventually(() => current.count()).toBe(0);

    // The subscription unreadable (a failed request): its plan is still marked, on either interval.
    await page.route("**/api/billing/subscription", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: '{"error":{"code":"x","message":"x"}}',
      }),
    );
    await page.goto(`${base()}/pricing`);
    await current.waitFor();
    await page.unroute("**/api/billing/subscription");

    // Another plan, nothing else touched: the change page keeps the two seats and the yearly billing.
    await page.goto(`${base()}/pricing`);
    await current.waitFor();
    await page.getByRole("button", { name: "Choose Expert" }).click();
    await page.getByRole("link", { name: "Change my plan" }).click();
    await eventually(() => new URL(page.url()).pathname).toBe("/app/account/change_subscription");
    const seats = page.getByLabel("Seats");
    await eventually(() => seats.inputValue()).toBe("2");
    expect(await page.getByRole("radio", { name: /Yearly/ }).isChecked()).toBe(true);
    expect(await page.getByTestId("plan-expert").getAttribute("data-selected")).toBe("true");
    await page.getByTestId("change-preview").waitFor();

    // Typed as a person types: emptied, the field says what it takes, and nothing is priced or confirmable.
    await emptySeats(page, seats);
    await eventually(() => page.getByTestId("change-preview").count()).toBe(0);
    expect(await unavailable(page, "Confirm the change")).toBe(true);
    await typeTooManySeats(page, seats);
    expect(await unavailable(page, "Confirm the change")).toBe(true);
    // While the new count's price is on its way, the last one priced (another choice) is neither shown nor
    // confirmable.
    const held = await holdRequests(page, "/api/billing/preview");
    await seats.selectText();
    await seats.pressSequentially("3");
    expect(await seats.inputValue()).toBe("3");
    expect(await page.locator("#seats-error").count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.getByTestId("change-preview").count()).toBe(0);
    expect(await unavailable(page, "Confirm the change")).toBe(true);
    held.release();

    // Three Expert seats a year (€600 each): what is due today is said again once Stripe charged it.
    const preview = page.getByTestId("change-preview");
    await eventually(() => preview.textContent()).toContain("Then €1,800.00 a year.");
    const due = /^Due today: (€[\d,]+\.\d{2})\./.exec((await preview.textContent()) ?? "")?.[1];
    expect(due).toMatch(/^€[1-9]/);
    await page.getByRole("button", { name: "Confirm the change" }).click();
    await page.getByTestId("change-done").waitFor();
    expect(await page.getByTestId("change-charged").textContent()).toBe(`Charged today: ${due}.`);
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Expert");
    expect(await page.getByTestId("billing-seats").textContent()).toBe("1 in use of 3");
    expect(await page.getByTestId("billing-interval").textContent()).toBe("Yearly");
    expect(errors).toEqual([]);
    await context.close();
  });
});
