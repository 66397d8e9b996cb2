// Journey: a visitor opens the home page of the built app and sees the live health answer.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { demoEmail, signIn } from "./session";

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

    // The page's first load in a fresh browser, on a busy machine, may take longer than the poll's default second.
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 })
      .toContain("AI model");
    const health = page.getByTestId("health");
    await expect.poll(() => health.textContent(), { timeout: 15_000 }).toBe("All systems operational");
    expect(await health.getAttribute("data-ok")).toBe("true");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("serves the SPA shell for client-side routes and JSON 404s for the API", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const shell = await page.goto(`${inject("appUrl")}/pricing`);
    expect(shell?.status()).toBe(200);
    expect(await page.title()).toBe("Switchboard");

    // Signed out, an unknown API path is private like the rest of /api: a JSON 401, not the SPA shell.
    const signedOut = await context.request.get(`${inject("appUrl")}/api/nothing`);
    expect(signedOut.status()).toBe(401);
    expect(signedOut.headers()["content-type"]).toContain("application/json");
    expect((await signedOut.json()).error.code).toBe("unauthorized");
    // `/api` itself is no page either: the Worker runs first for it too, not only for what is under it.
    const root = await context.request.get(`${inject("appUrl")}/api`);
    expect(root.status()).toBe(404);
    expect((await root.json()).error.code).toBe("not_found");

    // Signed in, it is a JSON 404 naming the path.
    await signIn(context, inject("appUrl"), "starter");
    for (const path of ["/api/nothing", "/api"]) {
      const missing = await context.request.get(`${inject("appUrl")}${path}`);
      expect(missing.status(), path).toBe(404);
      expect(missing.headers()["content-type"]).toContain("application/json");
      const body = await missing.json();
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toContain(path);
    }
    await context.close();
  });

  it("has no /api/dev routes in the production build: the outbox is a JSON 404", async () => {
    const context = await browser.newContext();
    await signIn(context, inject("appUrl"), "starter");
    const outbox = await context.request.get(
      `${inject("appUrl")}/api/dev/outbox?email=${encodeURIComponent(demoEmail("starter"))}`,
    );
    // The Worker tests (a development build) read this very outbox; here it is not even mounted.
    expect(outbox.status()).toBe(404);
    expect(outbox.headers()["content-type"]).toContain("application/json");
    expect((await outbox.json()).error.code).toBe("not_found");
    await context.close();
  });
});
