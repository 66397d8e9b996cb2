// Sign-in with email and password: one answer for every failure, throttling and its reset, hash upgrades.
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { throttle, user } from "../../drizzle/schema";
import { hashPassword, LOW_SCRYPT_PARAMS } from "../../src/auth/password";
import { SIGN_IN_ACCOUNT_FAILURE_LIMIT, SIGN_IN_IP_FAILURE_LIMIT } from "../../src/domain/auth-limits";
import { clientAddressKey } from "../../src/domain/client-address";
import {
  call,
  cookiePair,
  createAccount,
  errorOf,
  sessionCookie,
  sessionRows,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueIp,
  withDb,
} from "./support/accounts";

const signIn = (email: string, password: string, ip: string, cookie?: string) =>
  call("/api/login", { body: { email, password }, ip, cookie });

describe("POST /api/login", () => {
  it("signs in with the right password and sets a session cookie", async () => {
    const account = await createAccount();
    const res = await signIn(account.email, TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, verified: true, lang: null });
    const me = await call("/api/login/user", { cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(account.id);
  });

  it("trims and lower-cases the email", async () => {
    const account = await createAccount();
    const res = await signIn(`  ${account.email.toUpperCase()}  `, TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
  });

  it("answers a wrong password and an unknown email identically, without a cookie", async () => {
    const account = await createAccount();
    const wrong = await signIn(account.email, "not the password at all", uniqueIp());
    const unknown = await signIn(uniqueEmail("nobody"), "not the password at all", uniqueIp());
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it("tells an unverified account it still has to verify", async () => {
    const account = await createAccount({ verified: false });
    const res = await signIn(account.email, TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, verified: false, lang: null });
  });

  it("starts a new session on every sign-in and ends the one the browser held", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    const first = sessionCookie(await signIn(account.email, TEST_PASSWORD, ip));
    const second = sessionCookie(await signIn(account.email, TEST_PASSWORD, ip, first));
    expect(second).not.toBe(first);
    expect((await call("/api/login/user", { cookie: first })).status).toBe(401);
    expect((await call("/api/login/user", { cookie: second })).status).toBe(200);
    // The session createAccount made is still there, as is the new one; the rotated one is gone.
    expect(await sessionRows(account.id)).toHaveLength(2);
  });

  it("upgrades a hash made with weaker scrypt parameters", async () => {
    // To the parameters new hashes get: this test Worker's low ones (SCRYPT_COST=low), weaker still here.
    const weak = await hashPassword(TEST_PASSWORD, { N: 2 ** 9, r: 8, p: 1 });
    const account = await createAccount({ hashedPassword: weak });
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
    const [row] = await withDb((db) => db.select().from(user).where(eq(user.id, account.id)));
    const { N, r, p } = LOW_SCRYPT_PARAMS;
    expect(row?.hashedPassword?.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it.each([
    ["no body fields", {}, ["email", "password"]],
    ["an invalid email", { email: "nope", password: "whatever it is" }, ["email"]],
    ["an empty password", { email: "a@example.test", password: "" }, ["password"]],
    ["a password of 300 characters", { email: "a@example.test", password: "x".repeat(300) }, ["password"]],
  ])("400 for %s, naming the fields", async (_label, body, fields) => {
    const res = await call("/api/login", { body, ip: uniqueIp() });
    expect(res.status).toBe(400);
    const details = (await errorOf(res)).details as { path: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(fields);
  });
});

describe("sign-in throttling", () => {
  async function failTimes(email: string, ip: () => string, times: number) {
    for (let i = 0; i < times; i++) {
      expect((await signIn(email, "wrong password here", ip())).status).toBe(401);
    }
  }
  const sameIp = (ip: string) => () => ip;

  /** Signs in once from this browser, as its owner would have some day: the answer's device cookie. */
  async function knownBrowser(email: string): Promise<string> {
    const res = await signIn(email, TEST_PASSWORD, uniqueIp());
    expect(res.status).toBe(200);
    const device = cookiePair(res, "device");
    if (!device) throw new Error("no device cookie after a successful sign-in");
    return device;
  }

  it("failures from many IPs do not lock out a browser that signed in before", async () => {
    const account = await createAccount();
    const device = await knownBrowser(account.email);
    // An attacker guesses from 25 addresses: more than enough to close the account to unknown clients.
    await failTimes(account.email, uniqueIp, SIGN_IN_ACCOUNT_FAILURE_LIMIT);
    expect((await signIn(account.email, "wrong password here", uniqueIp())).status).toBe(429);
    // The owner's browser, from yet another address, still gets in with the right password.
    const owner = await signIn(account.email, TEST_PASSWORD, uniqueIp(), device);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual({ ok: true, verified: true, lang: null });
  });

  it("failures from many IPs do not lock password change or account deletion", async () => {
    const account = await createAccount();
    await failTimes(account.email, uniqueIp, SIGN_IN_ACCOUNT_FAILURE_LIMIT);
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(429);
    const change = await call("/api/login/password", {
      body: { currentPassword: TEST_PASSWORD, newPassword: "an entirely new passphrase" },
      cookie: account.cookie,
    });
    expect(change.status).toBe(200);
    const deleted = await call("/api/login/delete", {
      body: { password: "an entirely new passphrase" },
      cookie: sessionCookie(change),
    });
    expect(deleted.status).toBe(200);
  });

  it("an account under attack waits for clients it has never seen, with Retry-After", async () => {
    const account = await createAccount();
    await failTimes(account.email, uniqueIp, SIGN_IN_ACCOUNT_FAILURE_LIMIT);
    const blocked = await signIn(account.email, TEST_PASSWORD, uniqueIp());
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it("one client's failures on one account stop that client after 10, not the others", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    await failTimes(account.email, sameIp(ip), 10);
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(429);
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it("a known browser that keeps failing is stopped after 10 failures of its own", async () => {
    const account = await createAccount();
    const device = await knownBrowser(account.email);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(account.email, "wrong password here", uniqueIp(), device)).status).toBe(401);
    }
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp(), device)).status).toBe(429);
  });

  it("a device cookie of another account opens no shortcut", async () => {
    const mine = await createAccount();
    const device = await knownBrowser(mine.email);
    const victim = await createAccount();
    await failTimes(victim.email, uniqueIp, SIGN_IN_ACCOUNT_FAILURE_LIMIT);
    expect((await signIn(victim.email, TEST_PASSWORD, uniqueIp(), device)).status).toBe(429);
  });

  it(`429 after ${SIGN_IN_IP_FAILURE_LIMIT} failures from one IP, whatever the emails`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SIGN_IN_IP_FAILURE_LIMIT; i++) {
      expect((await signIn(uniqueEmail("spray"), "wrong password here", ip)).status).toBe(401);
    }
    const account = await createAccount();
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(429);
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it("lets the client in again once the 15-minute window has passed", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    await failTimes(account.email, sameIp(ip), 10);
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(429);
    await withDb((db) =>
      db
        .update(throttle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) })
        .where(like(throttle.key, `sign-in:%${account.email}%`)),
    );
    await withDb((db) =>
      db
        .update(throttle)
        .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(throttle.key, `sign-in:ip:${clientAddressKey(ip)}`)),
    );
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it("a successful sign-in clears the client's own failures", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    await failTimes(account.email, sameIp(ip), 9);
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(200);
    await failTimes(account.email, sameIp(ip), 9);
    expect((await signIn(account.email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it("parallel guesses cannot get past the account's limit", async () => {
    const account = await createAccount();
    const extra = 6;
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_ACCOUNT_FAILURE_LIMIT + extra }, () =>
        signIn(account.email, "wrong password here", uniqueIp()),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_ACCOUNT_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
  });
});

describe("the client's address", () => {
  /** Another address of the same /64: the first four groups kept, the interface part made anew. */
  const sameNetwork = (ip: string) =>
    `${ip.split(":").slice(0, 4).join(":")}:${uniqueIp().split(":").slice(4).join(":")}`;

  it("every address of one IPv6 /64 counts against the same sign-in throttle", async () => {
    const first = uniqueIp();
    // An attacker with one /64 sprays passwords from a fresh address each time, spelled any way at all.
    for (let i = 0; i < SIGN_IN_IP_FAILURE_LIMIT; i++) {
      const ip = sameNetwork(first);
      const spelled = i % 2 === 0 ? ip : ip.toUpperCase();
      expect((await signIn(uniqueEmail("spray"), "wrong password here", spelled)).status).toBe(401);
    }
    const account = await createAccount();
    expect((await signIn(account.email, TEST_PASSWORD, sameNetwork(first))).status).toBe(429);
    // The next /64 over is someone else.
    expect((await signIn(account.email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });

  it("an IPv4 client and its IPv4-mapped IPv6 spelling are one client", async () => {
    const account = await createAccount();
    const bytes = crypto.getRandomValues(new Uint8Array(3));
    const v4 = `10.${bytes.join(".")}`;
    for (const ip of [v4, `::ffff:${v4}`, v4, `::FFFF:${v4}`, v4]) {
      for (let i = 0; i < 2; i++) {
        expect((await signIn(account.email, "wrong password here", ip)).status).toBe(401);
      }
    }
    expect((await signIn(account.email, TEST_PASSWORD, v4)).status).toBe(429);
  });

  it("a header that is not an address (too long for a throttle key) is a shared bucket, not a 500", async () => {
    const account = await createAccount();
    const res = await call("/api/login", {
      body: { email: account.email, password: "wrong password here" },
      headers: { "CF-Connecting-IP": "x".repeat(400) },
    });
    expect(res.status).toBe(401);
  });
});

describe("deleted accounts", () => {
  it("cannot sign in again, and the answer is the one for a wrong password", async () => {
    const account = await createAccount();
    const res = await call("/api/login/delete", {
      body: { password: TEST_PASSWORD },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    const again = await signIn(account.email, TEST_PASSWORD, uniqueIp());
    expect(again.status).toBe(401);
    expect((await errorOf(again)).code).toBe("invalid_credentials");
  });
});
