// Every failure is { error: { code, message } } with the right status, from the real middleware stack.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const call = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://app.test${path}`, init));

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string; details?: unknown } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

describe("error answers", () => {
  it("401 for a private endpoint without a session", async () => {
    const res = await call("/api/chat/1");
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });

  it("401 for a forged session cookie, without touching another user's session", async () => {
    const res = await call("/api/chat/1", { headers: { Cookie: `session=${"a".repeat(43)}` } });
    expect(res.status).toBe(401);
  });

  it("404 for an unknown public path", async () => {
    const res = await call("/api/health/nothing-here");
    // Unknown paths are private like the rest of /api: without a session they are 401, never a 500.
    expect([401, 404]).toContain(res.status);
    await errorOf(res);
  });

  it("405 with Allow for a known path and a wrong method", async () => {
    const res = await call("/api/health", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toContain("GET");
    expect((await errorOf(res)).code).toBe("method_not_allowed");
  });

  it("413 for a body over the JSON limit", async () => {
    const res = await call("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@b.c", password: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("payload_too_large");
  });

  it("403 for a cross-site unsafe request (Origin)", async () => {
    const res = await call("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden");
  });

  it("403 for a cross-site unsafe request (Sec-Fetch-Site)", async () => {
    const res = await call("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });

  it("lets a same-origin unsafe request through the origin check", async () => {
    const res = await call("/api/chat/stop", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "http://app.test",
        "Sec-Fetch-Site": "same-origin",
      },
      body: "{}",
    });
    // Past the origin check it meets the session check, not a 403.
    expect(res.status).toBe(401);
  });
});
