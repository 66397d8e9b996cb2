// Sessions: cookie flags, sign-out, idle and absolute timeouts, sliding refresh, password change, deletion.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { user } from "../../drizzle/schema";
import { setSessionCookie } from "../../src/auth/cookies";
import { hashSessionToken } from "../../src/auth/tokens";
import type { AppEnv } from "../../src/env";
import {
  call,
  createAccount,
  errorOf,
  sessionCookie,
  sessionRow,
  sessionRows,
  setCookieLine,
  setSessionTimes,
  TEST_PASSWORD,
  uniqueIp,
  withDb,
} from "./support/accounts";

const DAY = 86_400_000;

const me = (cookie: string) => call("/api/login/user", { cookie });

describe("the session cookie", () => {
  it("is HttpOnly, Secure, SameSite=Lax, Path=/ and lasts the idle timeout; the table holds only its hash", async () => {
    const account = await createAccount();
    const res = await call("/api/login", {
      body: { email: account.email, password: TEST_PASSWORD },
      ip: uniqueIp(),
    });
    const line = setCookieLine(res) ?? "";
    expect(line).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(line).toContain("HttpOnly");
    expect(line).toContain("Secure");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    expect(line).toContain("Max-Age=2592000");
    expect(line).not.toContain("Domain");
    const token = sessionCookie(res).replace(/^session=/, "");
    const ids = (await sessionRows(account.id)).map((row) => row.id);
    expect(ids).toContain(await hashSessionToken(token));
    expect(ids).not.toContain(token);
  });
});

describe("the production session cookie", () => {
  it("is __Host- prefixed: Secure, Path=/, no Domain", async () => {
    const app = new Hono<AppEnv>().get("/", (c) => {
      setSessionCookie(c, "t".repeat(43), 60);
      return c.json({});
    });
    const res = await app.request("/", {}, { APP_ENV: "production" });
    const line = res.headers.getSetCookie()[0] ?? "";
    expect(line.startsWith(`__Host-session=${"t".repeat(43)};`)).toBe(true);
    expect(line).toContain("Secure");
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toContain("Path=/");
    expect(line).not.toContain("Domain");
  });
});

describe("POST /api/logout", () => {
  it("deletes the session row and clears the cookie", async () => {
    const account = await createAccount();
    const res = await call("/api/logout", { method: "POST", cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain("Max-Age=0");
    expect(await sessionRow(account.cookie)).toBeUndefined();
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("answers 200 without a session too", async () => {
    expect((await call("/api/logout", { method: "POST" })).status).toBe(200);
  });
});

describe("session timeouts", () => {
  it("an idle session past its expiry no longer signs in", async () => {
    const account = await createAccount();
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("a session older than the absolute timeout ends even if used every day", async () => {
    const account = await createAccount();
    await setSessionTimes(account.cookie, {
      createdAt: new Date(Date.now() - 91 * DAY),
      lastUsedAt: new Date(Date.now() - 1000),
      expiresAt: new Date(Date.now() + 20 * DAY),
    });
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("use slides the idle timeout, at most once a day, and re-sends the cookie", async () => {
    const account = await createAccount();
    const soon = new Date(Date.now() + 2 * DAY);
    await setSessionTimes(account.cookie, { lastUsedAt: new Date(Date.now() - 2 * DAY), expiresAt: soon });
    const res = await me(account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const refreshed = await sessionRow(account.cookie);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Used again within the day: nothing written, nothing re-sent.
    const again = await me(account.cookie);
    expect(setCookieLine(again)).toBeUndefined();
    expect((await sessionRow(account.cookie))?.expiresAt.getTime()).toBe(refreshed?.expiresAt.getTime());
  });

  it("sliding never goes past the absolute timeout", async () => {
    const account = await createAccount();
    const createdAt = new Date(Date.now() - 80 * DAY);
    await setSessionTimes(account.cookie, {
      createdAt,
      lastUsedAt: new Date(Date.now() - 2 * DAY),
      expiresAt: new Date(Date.now() + DAY),
    });
    expect((await me(account.cookie)).status).toBe(200);
    const row = await sessionRow(account.cookie);
    expect(row?.expiresAt.getTime()).toBe(createdAt.getTime() + 90 * DAY);
  });
});

describe("POST /api/login/password", () => {
  const NEW_PASSWORD = "an entirely new passphrase";

  it("needs the current password, then ends every session and gives this browser a new one", async () => {
    const account = await createAccount();
    const other = sessionCookie(
      await call("/api/login", { body: { email: account.email, password: TEST_PASSWORD }, ip: uniqueIp() }),
    );
    const res = await call("/api/login/password", {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      cookie: account.cookie,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(200);
    // The token this browser held (perhaps stolen with the old password) opens nothing any more.
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(account.cookie);
    expect((await me(account.cookie)).status).toBe(401);
    expect((await me(rotated)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect(await sessionRows(account.id)).toHaveLength(1);
    const ip = uniqueIp();
    expect(
      (await call("/api/login", { body: { email: account.email, password: TEST_PASSWORD }, ip })).status,
    ).toBe(401);
    expect(
      (await call("/api/login", { body: { email: account.email, password: NEW_PASSWORD }, ip })).status,
    ).toBe(200);
  });

  it("403 with a wrong current password, and nothing changes", async () => {
    const account = await createAccount();
    const res = await call("/api/login/password", {
      body: { currentPassword: "not my password", newPassword: NEW_PASSWORD },
      cookie: account.cookie,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("wrong_password");
    const signIn = await call("/api/login", {
      body: { email: account.email, password: TEST_PASSWORD },
      ip: uniqueIp(),
    });
    expect(signIn.status).toBe(200);
  });

  it.each([
    ["a short new password", { currentPassword: TEST_PASSWORD, newPassword: "short" }, "newPassword"],
    ["a common new password", { currentPassword: TEST_PASSWORD, newPassword: "1q2w3e4r5t" }, "newPassword"],
    [
      "a new password of spaces",
      { currentPassword: TEST_PASSWORD, newPassword: " ".repeat(10) },
      "newPassword",
    ],
    [
      "a common one with digits",
      { currentPassword: TEST_PASSWORD, newPassword: "password1234" },
      "newPassword",
    ],
    ["no current password", { newPassword: NEW_PASSWORD }, "currentPassword"],
  ])("400 for %s", async (_label, body, field) => {
    const account = await createAccount();
    const res = await call("/api/login/password", { body, cookie: account.cookie, ip: uniqueIp() });
    expect(res.status).toBe(400);
    const details = (await errorOf(res)).details as { path: string }[];
    expect(details.map((d) => d.path)).toContain(field);
  });

  it("400 when the new password is the current one", async () => {
    const account = await createAccount();
    const res = await call("/api/login/password", {
      body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      cookie: account.cookie,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("same_password");
  });

  it("401 signed out", async () => {
    const res = await call("/api/login/password", {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/login/delete", () => {
  it("403 with a wrong password; with the right one the account is marked deleted and every session ends", async () => {
    const account = await createAccount();
    const other = sessionCookie(
      await call("/api/login", { body: { email: account.email, password: TEST_PASSWORD }, ip: uniqueIp() }),
    );
    const wrong = await call("/api/login/delete", {
      body: { password: "not my password" },
      cookie: account.cookie,
    });
    expect(wrong.status).toBe(403);
    expect((await me(account.cookie)).status).toBe(200);

    const res = await call("/api/login/delete", {
      body: { password: TEST_PASSWORD },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain("Max-Age=0");
    expect((await me(account.cookie)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect(await sessionRows(account.id)).toEqual([]);
    const [row] = await withDb((db) => db.select().from(user).where(eq(user.id, account.id)));
    expect(row?.deleted).toBe(true);
    // The address stays taken: a sign-up answers as for any address (saying nothing), but the claim it
    // makes can never be confirmed, and the old password opens nothing.
    const signUp = await call("/api/login/signup", {
      body: { email: account.email, password: "another long passphrase" },
      ip: uniqueIp(),
    });
    expect(signUp.status).toBe(201);
    const [deletedRow] = await withDb((db) => db.select().from(user).where(eq(user.id, account.id)));
    expect(deletedRow).toMatchObject({ deleted: true, verified: true });
    const old = await call("/api/login", { body: { email: account.email, password: TEST_PASSWORD } });
    expect(old.status).toBe(401);
  });

  it("an account without a password confirms with its email", async () => {
    const account = await createAccount({ hashedPassword: null });
    const wrong = await call("/api/login/delete", {
      body: { email: "someone-else@example.test" },
      cookie: account.cookie,
    });
    expect(wrong.status).toBe(403);
    const res = await call("/api/login/delete", { body: { email: account.email }, cookie: account.cookie });
    expect(res.status).toBe(200);
    expect((await me(account.cookie)).status).toBe(401);
  });

  it("400 without any confirmation", async () => {
    const account = await createAccount();
    const res = await call("/api/login/delete", { body: {}, cookie: account.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("Confirm with your password");
  });
});

describe("cross-site requests", () => {
  it.each([
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("a POST with %s is refused before it does anything", async (_label, headers) => {
    const account = await createAccount();
    const res = await call("/api/login/delete", {
      body: { password: TEST_PASSWORD },
      cookie: account.cookie,
      headers,
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("forbidden");
    expect((await me(account.cookie)).status).toBe(200);
    const signIn = await call("/api/login", {
      body: { email: account.email, password: TEST_PASSWORD },
      headers,
    });
    expect(signIn.status).toBe(403);
  });

  it("a same-origin POST goes through", async () => {
    const account = await createAccount();
    const res = await call("/api/logout", {
      method: "POST",
      cookie: account.cookie,
      headers: { Origin: "http://app.test" },
    });
    expect(res.status).toBe(200);
  });
});
