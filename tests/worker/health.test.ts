// The Worker answers /api/health after a real query to Postgres, with security headers on every response.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callWith } from "./support/worker-env";

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://app.test${path}`, init));

describe("GET /api/health", () => {
  it("reports the Worker and the database up", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: true });
  });

  it("answers 503 { ok: false, db: false } when the database does not answer", async () => {
    // The database bridge "moved" to a port where nothing listens: the query cannot reach Postgres.
    const res = await callWith({ DB_WS_PROXY: "127.0.0.1:1" }, "/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, db: false });
    // Nothing else changed: the real configuration still answers.
    expect((await call("/api/health")).status).toBe(200);
  });

  it("carries the security headers", async () => {
    const res = await call("/api/health");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await call("/api/health", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});
