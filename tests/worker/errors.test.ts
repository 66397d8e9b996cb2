// Every failure is { error: { code, message } } with the right status, from the real middleware stack.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createAccount, sessionRows } from "./support/accounts";

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
    const other = await createAccount();
    const [before] = await sessionRows(other.id);
    const forged = [`session=${"a".repeat(43)}`, `session=${before?.id}`];
    for (const cookie of forged) {
      const res = await call("/api/chat/1", { headers: { Cookie: cookie } });
      expect(res.status, cookie).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
      // No cookie is set or cleared for anyone on the way.
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // The other user's session is exactly as it was, and still opens their account.
    expect(await sessionRows(other.id)).toEqual([before]);
    const mine = await call("/api/login/user", { headers: { Cookie: other.cookie } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { email: string }).email).toBe(other.email);
  });

  it("404 not_found for an unknown public path", async () => {
    // Under a public prefix (no session needed), nothing is mounted here.
    const res = await call("/api/shared/nothing/here");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it("an unknown private path: 401 without a session, 404 not_found with one (never a 500)", async () => {
    const signedOut = await call("/api/health/nothing-here");
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe("unauthorized");
    const { cookie } = await createAccount();
    const signedIn = await call("/api/health/nothing-here", { headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(404);
    expect((await errorOf(signedIn)).code).toBe("not_found");
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
