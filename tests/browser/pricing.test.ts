// The /pricing page as a person uses it: seats typed key by key (a field that could not be emptied sold 13
// seats for 3), and a signed-in visitor's redirect query, which the light page once kept in the address.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { emptySeats, typeTooManySeats } from "./seats-field";
import { collectPageErrors, eventually, holdRequests, pathOf, signIn, signUpFresh, sql } from "./session";

let browser: Browser;
const base = () => inject("appUrl");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the seats of a team on /pricing", () => {
  it("can be emptied and retyped, say what they take, and hold the sign-up while they are not a count", async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/pricing?plan=standard`);
    await page.getByRole("button", { name: "Buy for a team" }).click();
    const seats = page.getByLabel("Seats");
    await eventually(() => seats.inputValue()).toBe("2");

    await emptySeats(page, seats);
    expect(await page.getByTestId("team-summary").count()).toBe(0);
    // The link does not carry the last count on: it takes the person back to the field.
    await page.getByRole("link", { name: "Continue with Standard" }).click();
    expect(new URL(page.url()).pathname).toBe("/pricing");
    expect(await seats.evaluate((element) => element === document.activeElement)).toBe(true);

    await typeTooManySeats(page, seats);
    expect(await page.getByTestId("team-summary").count()).toBe(0);

    await seats.selectText();
    await seats.pressSequentially("3");
    expect(await seats.inputValue()).toBe("3");
    expect(await page.locator("#seats-error").count()).toBe(0);
    await eventually(() => page.getByTestId("team-summary").textContent()).toBe(
      "3 seats on Standard: €60 a month.",
    );
    await page.getByRole("link", { name: "Continue with Standard" }).click();
    await eventually(() => pathOf(page)).toBe("/login?mode=signup&users=3&plan=standard");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("a redirect query on /pricing", () => {
  it("is followed for a signed-in visitor with a replace navigation, as on the other public pages", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "starter");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/`);
    await page.goto(`${base()}/pricing?redirect=${encodeURIComponent("/app/account/settings")}`);
    await eventually(() => pathOf(page)).toBe("/app/account/settings");
    // Replaced, not pushed: Back leaves the redirect behind.
    await page.goBack();
    await eventually(() => pathOf(page)).toBe("/");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the plans' details table", () => {
  it("keeps a space between each row's name and its window, as text and as screen readers get it", async () => {
    const page = await browser.newPage();
    await page.goto(`${base()}/pricing?seeDetails=true`);
    const rows = page.locator("tbody th[scope=row]");
    await eventually(() => rows.count()).toBe(5);
    expect(await rows.first().textContent()).toBe("Text messages every 3 hours");
    await page.close();
  });
});

describe("a yearly subscriber on /pricing", () => {
  it("sees the yearly prices once the subscription is read, never monthly ones first", async () => {
    const context = await browser.newContext();
    const email = await signUpFresh(context, base(), "yearly");
    await sql(
      `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
       select id, 'cus_y' || id, 'sub_y' || id, 20000, true, 1 from hot."user" where email = $1`,
      [email],
    );
    const page = await context.newPage();
    const subscription = await holdRequests(page, "/api/billing/subscription");
    await page.goto(`${base()}/pricing`);
    const standard = page.getByTestId("plan-standard");
    await standard.waitFor();
    await eventually(() => subscription.count).toBe(1);
    // While it is read, the prices and the switch keep their place, unseen.
    const hidden = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).visibility);
    expect(await hidden(".plan-card .price")).toBe("hidden");
    expect(await hidden(".plan-picker .segmented")).toBe("hidden");
    subscription.release();
    await eventually(() => standard.locator(".badge.current").textContent()).toBe("Current plan");
    expect(await hidden(".plan-card .price")).toBe("visible");
    expect(await standard.textContent()).toContain("Billed yearly");
    expect(await page.getByRole("radio", { name: /Yearly/ }).isChecked()).toBe(true);
    await context.close();
  });
});

describe("a team member on the plan pages", () => {
  it("is told on /pricing that the team's admin manages the plan, with no button or switch that would be refused", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "team-member1");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // Every subtitle the page shows, frame by frame, from its first paint: the visitor's ("Choose how much you use
    // them") must never show while the member is being read.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { shownLeads: string[] }).shownLeads = seen;
      const look = () => {
        const lead = document.querySelector(".page-intro .lead");
        const text = lead && getComputedStyle(lead).visibility === "visible" ? lead.textContent : null;
        if (text && seen.at(-1) !== text) seen.push(text);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    // An old link's plan and interval: neither is the member's to choose.
    await page.goto(`${base()}/pricing?plan=expert&yearly=true`);
    const line = page.getByTestId("team-member-plan");
    await eventually(() => line.textContent()).toContain(
      "Your plan comes with your team: its admin chooses the plan and the seats.",
    );
    // The subtitle invites no choice (it said "Choose how much you use them"): it says their team's plan is marked.
    expect(await page.locator(".page-intro .lead").textContent()).toBe(
      "Every plan includes all the text, reasoning, web-search and image models. Your team's plan is marked.",
    );
    expect(await page.evaluate(() => (window as unknown as { shownLeads: string[] }).shownLeads)).toEqual([
      "Every plan includes all the text, reasoning, web-search and image models. Your team's plan is marked.",
    ]);
    expect(await page.getByRole("link", { name: "Change my plan" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue to payment" }).count()).toBe(0);
    // The plans read as information: prices, quotas and the team's plan marked, nothing to choose (a choice only
    // rewrote the address), and the plan in the address is not shown as picked.
    const standard = page.getByTestId("plan-standard");
    await eventually(() => standard.locator(".badge.current").textContent()).toBe("Current plan");
    // No monthly/yearly switch (a member is billed on neither): the prices are the team's interval's, monthly
    // here, whatever the address says.
    expect(await page.getByRole("radio").count()).toBe(0);
    expect(await page.getByRole("group", { name: "Billing period" }).count()).toBe(0);
    expect(await standard.textContent()).toContain("€20");
    expect(await standard.textContent()).toContain("Billed monthly");
    expect(await page.getByTestId("plan-expert").getAttribute("data-selected")).toBe("false");
    expect(await page.locator(".plan-card button").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Buy for a team" }).count()).toBe(0);
    expect(await page.getByLabel("Seats").count()).toBe(0);
    await line.getByRole("link", { name: "See your team" }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/settings/team");

    // The change page, opened from an old link, says the same and offers nothing to confirm.
    await page.goto(`${base()}/app/account/change_subscription?plan=expert`);
    await eventually(() => page.getByTestId("billing-summary").textContent()).toContain(
      "Your plan comes with your team. Its admin manages seats and billing.",
    );
    expect(await page.getByRole("button", { name: "Confirm the change" }).count()).toBe(0);
    expect(await page.getByTestId("plan-expert").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
