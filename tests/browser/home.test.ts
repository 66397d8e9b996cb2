// Journey: a visitor opens the home page of the built app and sees the live health answer.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("home page", () => {
  it("loads, shows the product and the service status from /api/health, with no console error", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") problems.push(msg.text());
    });
    page.on("pageerror", (err) => problems.push(err.message));

    const response = await page.goto(inject("appUrl"));
    expect(response?.status()).toBe(200);
    // Static assets carry the same policy as the Worker's answers (public/_headers).
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("script-src 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");

    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("AI model");
    const health = page.getByTestId("health");
    await expect.poll(() => health.textContent(), { timeout: 15_000 }).toBe("All systems operational");
    expect(await health.getAttribute("data-ok")).toBe("true");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("serves the SPA shell for client-side routes and JSON 404s for the API", async () => {
    const page = await browser.newPage();
    const shell = await page.goto(`${inject("appUrl")}/pricing`);
    expect(shell?.status()).toBe(200);
    expect(await page.title()).toBe("Switchboard");
    const api = await page.request.get(`${inject("appUrl")}/api/nothing`);
    expect(api.status()).toBe(401);
    await page.close();
  });
});
