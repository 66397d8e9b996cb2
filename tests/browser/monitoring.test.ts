// Journey: monitoring in a real Chromium against the production build — the monitor loads after the page
// has loaded, a public page's web vitals and navigation spans reach POST /api/collect and land in the
// telemetry_event table, the last ones on leaving the page (keepalive), and a signed-in chat's rows carry
// the user's id (set by the server) and the answer's time to first token.
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appUrl, chatUser, poll, send, sessionPerFile, waitForAnswer } from "./chat-support";

interface Row {
  type: string;
  name: string;
  value: number | null;
  route: string | null;
  userId: number | null;
  data: Record<string, unknown>;
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

const rowsOf = async (sessionId: string): Promise<Row[]> =>
  (
    await db.query<Row>(
      `select type, name, value, route, "userId", data from hot.telemetry_event where "sessionId" = $1 order by id`,
      [sessionId],
    )
  ).rows;
const names = (rows: Row[]) => rows.map((r) => `${r.type}:${r.name}`);

/** The monitoring session the page keeps in sessionStorage, once the monitor has sent something. */
async function monitoringSession(page: Page): Promise<string> {
  let id: string | null = null;
  await poll(async () => {
    id = await page.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem("monitoring-session") ?? "null") as { id: string } | null)?.id ??
        null,
    );
    return id;
  }).not.toBeNull();
  return id ?? "";
}

const session = sessionPerFile();

describe("monitoring", () => {
  it("loads after the page, and a public page's vitals arrive at the collector", async () => {
    const anonymous = await session.context.browser()?.newContext();
    if (!anonymous) throw new Error("no browser");
    const page = await anonymous.newPage();
    await page.goto(`${appUrl()}/pricing`);
    const sessionId = await monitoringSession(page);

    // The monitor's code was requested only once the page had loaded.
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const monitor = performance
        .getEntriesByType("resource")
        .find((e) => /\/assets\/monitor-[\w-]+\.js$/.test(e.name));
      return { loadEnd: nav.loadEventEnd, monitorStart: monitor?.startTime ?? -1 };
    });
    expect(timing.monitorStart).toBeGreaterThanOrEqual(timing.loadEnd);

    await poll(async () => names(await rowsOf(sessionId))).toEqual(
      expect.arrayContaining(["vital:FCP", "vital:TTFB", "span:navigation.load"]),
    );
    const fcp = (await rowsOf(sessionId)).find((r) => r.name === "FCP");
    expect(fcp?.value).toBeGreaterThan(0);
    expect(fcp?.route).toBe("/pricing");
    expect(fcp?.userId).toBeNull();
    expect(["good", "needs-improvement", "poor"]).toContain(fcp?.data.rating);

    // An unhandled error is reported by its class only: what it said stays in the page.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError("my private words");
      });
    });
    await poll(async () => names(await rowsOf(sessionId))).toContain("error:unhandled.TypeError");
    expect(JSON.stringify(await rowsOf(sessionId))).not.toContain("private words");

    // An interaction finalises LCP and makes a user action; leaving the page sends CLS with keepalive.
    await page.locator("h1").first().click();
    await poll(async () => names(await rowsOf(sessionId))).toEqual(
      expect.arrayContaining(["vital:LCP", "action:click.page", "vital:FID"]),
    );
    await page.goto("about:blank");
    await poll(async () => names(await rowsOf(sessionId))).toContain("vital:CLS");
    await anonymous.close();
  });

  it("attaches the signed-in user's id and records the answer's time to first token", async () => {
    const { rows: users } = await db.query<{ id: number }>(`select id from hot."user" where email = $1`, [
      await chatUser(),
    ]);
    const page = session.page;
    await page.goto(`${appUrl()}/app/a/default`);
    const sessionId = await monitoringSession(page);
    await send(page, "Tell me about monitoring rivers");
    await waitForAnswer(page);
    await poll(async () => names(await rowsOf(sessionId))).toContain("stream:ttft");
    const rows = await rowsOf(sessionId);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([users[0]?.id]));
    const ttft = rows.find((r) => r.name === "ttft");
    expect(ttft?.value).toBeGreaterThan(0);
    expect(ttft?.data.model).toMatch(/^test/);
  });
});
