// POST /api/collect: the telemetry collector — validation, size limit, rate limits per session and IP,
// anonymous and signed-in senders (the user id from the cookie, never the body), session-status: invalid.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { telemetryEvent, throttle } from "../../drizzle/schema";
import { clientAddressKey } from "../../src/domain/client-address";
import {
  COLLECT_IP_LIMIT,
  COLLECT_MAX_BODY_BYTES,
  COLLECT_SESSION_LIMIT,
  MAX_BATCH_ITEMS,
} from "../../src/domain/monitoring/constants";
import { call, createAccount, errorOf, uniqueIp, withDb } from "./support/accounts";

const newSession = () => crypto.randomUUID();
const lcp = (value = 1234) => ({ type: "vital", name: "LCP", value, at: Date.now(), route: "/app/a/:id" });

function collect(body: unknown, options: { session?: string | null; cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.session !== null) headers["session-id"] = options.session ?? newSession();
  return call("/api/collect", { body, headers, cookie: options.cookie, ip: options.ip });
}

const rowsOf = (sessionId: string) =>
  withDb((db) => db.select().from(telemetryEvent).where(eq(telemetryEvent.sessionId, sessionId)));

describe("POST /api/collect", () => {
  it("takes an anonymous page's vitals: 202, stored with no user", async () => {
    const session = newSession();
    const res = await collect(
      {
        items: [
          lcp(),
          { type: "stream", name: "ttft", value: 420, at: Date.now(), model: "gpt-5-mini", duration: 3 },
        ],
      },
      { session },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2 });
    expect(res.headers.get("session-status")).toBeNull();
    const rows = await rowsOf(session);
    expect(rows.map((r) => [r.type, r.name, r.value, r.userId, r.route])).toEqual(
      expect.arrayContaining([
        ["vital", "LCP", 1234, null, "/app/a/:id"],
        ["stream", "ttft", 420, null, null],
      ]),
    );
    expect(rows.find((r) => r.name === "ttft")?.data).toEqual({ model: "gpt-5-mini", duration: 3 });
  });

  it("attaches the signed-in user's id from the session cookie", async () => {
    const account = await createAccount();
    const session = newSession();
    expect((await collect({ items: [lcp()] }, { session, cookie: account.cookie })).status).toBe(202);
    expect((await rowsOf(session)).map((r) => r.userId)).toEqual([account.id]);
  });

  it("refuses a user id (or any unknown field) in the body", async () => {
    const account = await createAccount();
    const res = await collect({ items: [{ ...lcp(), userId: account.id }] });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("userId");
    const withMessage = await collect({ items: [{ ...lcp(), message: "my secret prompt" }] });
    expect(withMessage.status).toBe(400);
  });

  it.each([
    ["no items", { items: [] }, "items"],
    ["not an array", { items: "LCP" }, "items"],
    ["an unknown type", { items: [{ ...lcp(), type: "secret" }] }, "items.0.type"],
    ["a name that is an address", { items: [{ ...lcp(), name: "me@example.com" }] }, "items.0.name"],
    ["a value that is not a number", { items: [{ ...lcp(), value: "fast" }] }, "items.0.value"],
    ["a time from another year", { items: [{ ...lcp(), at: 1 }] }, "items.0.at"],
    ["a route that is not a path", { items: [{ ...lcp(), route: "https://x.test/a" }] }, "items.0.route"],
    ["a bad rating", { items: [{ ...lcp(), rating: "great" }] }, "items.0.rating"],
    [`more than ${MAX_BATCH_ITEMS} items`, { items: Array.from({ length: 51 }, () => lcp()) }, "items"],
  ])("400 for %s", async (_label, body, path) => {
    const res = await collect(body);
    expect(res.status).toBe(400);
    const details = (await errorOf(res)).details as { path: string }[];
    expect(details.map((d) => d.path)).toContain(path);
  });

  it("415 for a body that is not JSON, 413 for a body over the limit", async () => {
    const notJson = await call("/api/collect", {
      body: "items=1",
      headers: { "Content-Type": "text/plain", "session-id": newSession() },
    });
    expect(notJson.status).toBe(415);
    const big = JSON.stringify({ items: [{ ...lcp(), name: "x".repeat(COLLECT_MAX_BODY_BYTES) }] });
    const tooLarge = await call("/api/collect", { body: big, headers: { "session-id": newSession() } });
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).code).toBe("payload_too_large");
  });

  it("answers a missing or malformed session id with 202 and session-status: invalid", async () => {
    for (const session of [null, "no spaces allowed"]) {
      const res = await collect({ items: [lcp()] }, { session });
      expect(res.status).toBe(202);
      expect(res.headers.get("session-status")).toBe("invalid");
    }
  });

  it(`rate-limits a session to ${COLLECT_SESSION_LIMIT} requests a minute: 429 with Retry-After`, async () => {
    const session = newSession();
    const ip = uniqueIp();
    // Fill the window through the throttle's own counter, then the next request is one too many.
    await withDb((db) =>
      db.insert(throttle).values({
        key: `collect:session:${session}`,
        windowStartedAt: new Date(),
        count: COLLECT_SESSION_LIMIT,
      }),
    );
    const blocked = await collect({ items: [lcp()] }, { session, ip });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await rowsOf(session)).toEqual([]);
    // Another session from the same address still gets through.
    expect((await collect({ items: [lcp()] }, { ip })).status).toBe(202);
  });

  it("rate-limits an IP across sessions", async () => {
    const ip = uniqueIp();
    let last = 0;
    // A small real run (each request counted), then the rest of the window filled on the counter.
    for (let i = 0; i < 3; i++) last = (await collect({ items: [lcp()] }, { ip })).status;
    expect(last).toBe(202);
    await withDb((db) =>
      db
        .update(throttle)
        .set({ count: COLLECT_IP_LIMIT })
        .where(eq(throttle.key, `collect:ip:${clientAddressKey(ip)}`)),
    );
    const blocked = await collect({ items: [lcp()] }, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("passes the same-origin check the way the browser sends it (fetch keepalive from the page)", async () => {
    const same = await call("/api/collect", {
      body: { items: [lcp()] },
      headers: { Origin: "http://app.test", "Sec-Fetch-Site": "same-origin", "session-id": newSession() },
    });
    expect(same.status).toBe(202);
    const cross = await call("/api/collect", {
      body: { items: [lcp()] },
      headers: { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site", "session-id": newSession() },
    });
    expect(cross.status).toBe(403);
  });

  it("has the Analytics Engine binding of wrangler.toml in the Worker", () => {
    expect(typeof env.TELEMETRY?.writeDataPoint).toBe("function");
  });
});
