// Sign-up and email verification: validation, the code by mail, its expiry, its tries and its resend limit.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { throttle, user, verificationCode } from "../../drizzle/schema";
import { LOW_SCRYPT_PARAMS } from "../../src/auth/password";
import { sha256Hex } from "../../src/auth/tokens";
import {
  VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT,
  VERIFICATION_DAILY_ATTEMPTS_PER_IP,
  VERIFICATION_DAILY_SENDS_PER_ACCOUNT,
} from "../../src/domain/auth-limits";
import { clientAddressKey } from "../../src/domain/client-address";
import {
  call,
  createAccount,
  errorOf,
  sessionCookie,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueIp,
  updateVerificationCode,
  withDb,
} from "./support/accounts";

const PASSWORD = "a long enough passphrase";

const signUp = (email: string, password = PASSWORD) =>
  call("/api/login/signup", { body: { email, password }, ip: uniqueIp() });

async function outbox(email: string) {
  const res = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
}

async function latestCode(email: string): Promise<string> {
  const [latest] = await outbox(email);
  const code = latest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

async function signedUp() {
  const email = uniqueEmail("signup");
  const res = await signUp(email);
  expect(res.status).toBe(201);
  return { email, cookie: sessionCookie(res) };
}

/** Moves a user's pending code in time, as if minutes had passed. */

const verify = (cookie: string, code: string, ip?: string) =>
  call("/api/login/verification", { body: { code }, cookie, ip });

/** The tries the live code has left, as GET /api/login/verification tells the page. */
const triesLeft = async (cookie: string) =>
  ((await (await call("/api/login/verification", { cookie })).json()) as { remainingAttempts: number })
    .remainingAttempts;

const resend = (cookie: string) => call("/api/login/verification/resend", { method: "POST", cookie });

const userIdOf = async (email: string, verified: boolean) => {
  const rows = await withDb((db) => db.select().from(user).where(eq(user.email, email)));
  const row = rows.find((r) => r.verified === verified);
  if (!row) throw new Error(`no ${verified ? "verified" : "unverified"} account for ${email}`);
  return row.id;
};

/** Gives an account's pending code a value the test knows (the real one went to a mailbox, or nowhere). */
async function setCode(userId: number, code: string) {
  const codeHash = await sha256Hex(`${userId}:${code}`);
  await withDb((db) =>
    db.update(verificationCode).set({ codeHash }).where(eq(verificationCode.userId, userId)),
  );
}

describe("POST /api/login/signup", () => {
  it("creates an unverified account, signs it in and mails a 6-digit code", async () => {
    const email = uniqueEmail("new");
    const res = await signUp(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, email, verified: false });
    const cookie = sessionCookie(res);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
    // Signed in but unverified: the app's data is refused, verification is open.
    const userRes = await call("/api/login/user", { cookie });
    expect(userRes.status).toBe(403);
    expect((await errorOf(userRes)).code).toBe("email_not_verified");
    const state = await call("/api/login/verification", { cookie });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ email, verified: false });
  });

  it("stores only a hash of the password", async () => {
    const email = uniqueEmail("hash");
    expect((await signUp(email)).status).toBe(201);
    const [row] = await withDb((db) => db.select().from(user).where(eq(user.email, email)));
    // With the parameters new hashes get: this test Worker's low ones (SCRYPT_COST=low).
    const { N, r, p } = LOW_SCRYPT_PARAMS;
    expect(row?.hashedPassword?.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(row?.hashedPassword).not.toContain(PASSWORD);
  });

  it.each([
    ["an invalid email", { email: "not-an-email", password: PASSWORD }, "email", "not a valid address"],
    [
      "an email over 200 characters",
      { email: `${"a".repeat(190)}@example.test`, password: PASSWORD },
      "email",
      "at most 200",
    ],
    ["no email", { password: PASSWORD }, "email", "required"],
    ["a short password", { email: "short@example.test", password: "abc123xyz" }, "password", "at least 10"],
    [
      "a common password",
      { email: "common@example.test", password: "qwertyuiop" },
      "password",
      "most common",
    ],
    [
      "a common password in capitals",
      { email: "common@example.test", password: "1234567890" },
      "password",
      "most common",
    ],
    [
      "a password of spaces",
      { email: "blank@example.test", password: " ".repeat(10) },
      "password",
      "only spaces",
    ],
    [
      "a common password with digits and a symbol",
      { email: "common@example.test", password: "Password123!" },
      "password",
      "most common",
    ],
    ["no password", { email: "nopass@example.test" }, "password", "required"],
    [
      "a password that is not a string",
      { email: "num@example.test", password: 12345678901 },
      "password",
      "must be a string",
    ],
  ])("400 for %s, naming the field and the reason", async (_label, body, field, reason) => {
    const res = await call("/api/login/signup", { body, ip: uniqueIp() });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("invalid_input");
    const details = error.details as { path: string; message: string }[];
    const issue = details.find((d) => d.path === field);
    expect(issue?.message.toLowerCase()).toContain(reason);
  });

  it("400 for a body that is not JSON", async () => {
    const res = await call("/api/login/signup", { body: "{nope", ip: uniqueIp() });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/login/verification", () => {
  it("confirms the account with the mailed code, which then reaches the app", async () => {
    const { email, cookie } = await signedUp();
    const res = await verify(cookie, await latestCode(email));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, verified: true });
    const userRes = await call("/api/login/user", { cookie });
    expect(userRes.status).toBe(200);
    expect(((await userRes.json()) as { email: string }).email).toBe(email);
  });

  it("says how many tries are left after a wrong code", async () => {
    const { email, cookie } = await signedUp();
    const res = await verify(cookie, wrongCodeFor(await latestCode(email)));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("verification_code_invalid");
    expect(error.details).toEqual({ remainingAttempts: 4 });
  });

  it("after 5 wrong tries even the right code is refused until a new one is sent", async () => {
    const { email, cookie } = await signedUp();
    const code = await latestCode(email);
    expect(await triesLeft(cookie)).toBe(5);
    for (let i = 0; i < 5; i++) expect((await verify(cookie, wrongCodeFor(code))).status).toBe(400);
    // The page, reloaded, learns the code is used up: it offers no Confirm, only a new code.
    expect(await triesLeft(cookie)).toBe(0);
    const sixth = await verify(cookie, code);
    expect(sixth.status).toBe(400);
    expect((await errorOf(sixth)).code).toBe("verification_code_exhausted");
    // A minute later a new code can be asked for, and it works.
    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    const resend = await call("/api/login/verification/resend", { method: "POST", cookie });
    expect(resend.status).toBe(200);
    expect(await triesLeft(cookie)).toBe(5);
    expect((await verify(cookie, await latestCode(email))).status).toBe(200);
  });

  it("parallel guesses get no more than 5 tries", async () => {
    const { email, cookie } = await signedUp();
    const code = await latestCode(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(cookie, wrongCodeFor(code))));
    const codes = await Promise.all(answers.map(async (res) => (await errorOf(res)).code));
    expect(codes.filter((c) => c === "verification_code_invalid")).toHaveLength(5);
    expect(codes.filter((c) => c === "verification_code_exhausted")).toHaveLength(3);
  });

  it("refuses a code older than 15 minutes", async () => {
    const { email, cookie } = await signedUp();
    const code = await latestCode(email);
    await updateVerificationCode(email, { expiresAt: new Date(Date.now() - 1000) });
    expect(await triesLeft(cookie)).toBe(0);
    const res = await verify(cookie, code);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("verification_code_expired");
  });

  it.each([
    ["a code of five digits", { code: "12345" }, "6 digits"],
    ["a code with letters", { code: "12a456" }, "6 digits"],
    ["no code", {}, "required"],
  ])("400 for %s", async (_label, body, reason) => {
    const { cookie } = await signedUp();
    const res = await call("/api/login/verification", { body, cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(reason);
  });

  it("401 without a session", async () => {
    expect((await verify("", "123456")).status).toBe(401);
  });
});

describe("POST /api/login/verification/resend", () => {
  it("sends at most one code a minute, with Retry-After, and the new code replaces the old", async () => {
    const { email, cookie } = await signedUp();
    const first = await latestCode(email);
    const tooSoon = await call("/api/login/verification/resend", { method: "POST", cookie });
    expect(tooSoon.status).toBe(429);
    const wait = Number(tooSoon.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await outbox(email)).toHaveLength(1);

    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    const resent = await call("/api/login/verification/resend", { method: "POST", cookie });
    expect(resent.status).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    const second = await latestCode(email);
    if (second !== first) expect((await verify(cookie, first)).status).toBe(400);
    expect((await verify(cookie, second)).status).toBe(200);
  });

  it("409 once the account is verified", async () => {
    const { email, cookie } = await signedUp();
    await verify(cookie, await latestCode(email));
    const res = await call("/api/login/verification/resend", { method: "POST", cookie });
    expect(res.status).toBe(409);
  });
});

describe("unverified accounts (e-mail squatting)", () => {
  it("expire after 24 hours: their session ends and their password opens nothing", async () => {
    const { email, cookie } = await signedUp();
    await withDb((db) =>
      db
        .update(user)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(user.email, email)),
    );
    expect((await call("/api/login/verification", { cookie })).status).toBe(401);
    const signIn = await call("/api/login", { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(401);
  });

  it("are replaced by a new sign-up for the same address: the squatter's session ends, the owner verifies", async () => {
    const email = uniqueEmail("squatted");
    const squatter = await signUp(email, "the squatter's passphrase");
    expect(squatter.status).toBe(201);
    const squatterCookie = sessionCookie(squatter);

    const owner = await signUp(email, PASSWORD);
    expect(owner.status).toBe(201);
    const ownerCookie = sessionCookie(owner);
    expect((await call("/api/login/verification", { cookie: squatterCookie })).status).toBe(401);
    expect((await verify(ownerCookie, await latestCode(email))).status).toBe(200);

    const rows = await withDb((db) => db.select().from(user).where(eq(user.email, email)));
    expect(rows.map((r) => r.verified)).toEqual([true]);
    const bySquatter = await call("/api/login", { body: { email, password: "the squatter's passphrase" } });
    expect(bySquatter.status).toBe(401);
    expect((await call("/api/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe("sign-up for an address that already has an account", () => {
  it("answers exactly as for a new address, and mails the owner instead of a code", async () => {
    const owner = await createAccount();
    const fresh = await signUp(uniqueEmail("fresh"));
    const taken = await signUp(owner.email.toUpperCase(), "the prober's passphrase");
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(Object.keys(await taken.clone().json())).toEqual(Object.keys(await fresh.json()));
    expect(await taken.json()).toEqual({ ok: true, email: owner.email, verified: false });
    const cookie = sessionCookie(taken);

    const mails = await outbox(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject.toLowerCase()).toContain("sign up");
    expect(mails[0]?.text).toContain("reset your password");
    expect(mails[0]?.text).not.toMatch(/\b\d{6}\b/);

    // What follows looks like any new account's verification too.
    const state = await call("/api/login/verification", { cookie });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({ email: owner.email, verified: false });
    const wrong = await verify(cookie, "123456");
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({
      code: "verification_code_invalid",
      details: { remainingAttempts: 4 },
    });
    expect((await call("/api/login/user", { cookie })).status).toBe(403);

    // The owner's account is untouched: same password, same id, still the one verified account.
    const signIn = await call("/api/login", { body: { email: owner.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
    const me = await call("/api/login/user", { cookie: sessionCookie(signIn) });
    expect(((await me.json()) as { id: number }).id).toBe(owner.id);
  });

  it("never lets that claim become verified, even with the right code", async () => {
    const owner = await createAccount();
    const taken = await signUp(owner.email);
    const claimId = await userIdOf(owner.email, false);
    await setCode(claimId, "424242");
    const res = await verify(sessionCookie(taken), "424242");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("verification_code_invalid");
    const rows = await withDb((db) => db.select().from(user).where(eq(user.email, owner.email)));
    expect(rows.filter((r) => r.verified).map((r) => r.id)).toEqual([owner.id]);
  });

  it("mails the owner at most once an hour however often it is tried", async () => {
    const owner = await createAccount();
    for (let i = 0; i < 3; i++) expect((await signUp(owner.email)).status).toBe(201);
    expect(await outbox(owner.email)).toHaveLength(1);
  });
});

describe("daily caps on verification", () => {
  it(`stop guessing after ${VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT} codes a day per account, resends or not`, async () => {
    const { email, cookie } = await signedUp();
    const id = await userIdOf(email, false);
    await setCode(id, "424242");
    for (let tried = 0; tried < VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT; tried++) {
      if (tried > 0 && tried % 5 === 0) {
        await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
        expect((await resend(cookie)).status).toBe(200);
        await setCode(id, "424242");
      }
      expect((await verify(cookie, "000000")).status).toBe(400);
    }
    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    expect((await resend(cookie)).status).toBe(200);
    await setCode(id, "424242");
    const capped = await verify(cookie, "424242");
    expect(capped.status).toBe(429);
    const wait = Number(capped.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);
  });

  it(`stop guessing after ${VERIFICATION_DAILY_ATTEMPTS_PER_IP} codes a day from one IP, over any accounts`, async () => {
    const ip = uniqueIp();
    let left = VERIFICATION_DAILY_ATTEMPTS_PER_IP;
    while (left > 0) {
      const { email, cookie } = await signedUp();
      const code = await latestCode(email);
      const tries = Math.min(left, 5);
      for (let i = 0; i < tries; i++) expect((await verify(cookie, wrongCodeFor(code), ip)).status).toBe(400);
      left -= tries;
    }
    const { email, cookie } = await signedUp();
    expect((await verify(cookie, await latestCode(email), ip)).status).toBe(429);
    expect((await verify(cookie, await latestCode(email), uniqueIp())).status).toBe(200);
  });

  it("count only wrong codes against an address: a right one takes its try back", async () => {
    // One office behind one router, its day's tries all but used: each right code still gets through.
    const ip = uniqueIp();
    await withDb((db) =>
      db.insert(throttle).values({
        key: `verification-try:ip:${clientAddressKey(ip)}`,
        count: VERIFICATION_DAILY_ATTEMPTS_PER_IP - 1,
        windowStartedAt: new Date(),
      }),
    );
    for (let person = 0; person < 3; person++) {
      const { email, cookie } = await signedUp();
      expect((await verify(cookie, await latestCode(email), ip)).status, `person ${person}`).toBe(200);
    }
    // Guesses still count: the last try of the day, then none.
    const { email, cookie } = await signedUp();
    const code = await latestCode(email);
    expect((await verify(cookie, wrongCodeFor(code), ip)).status).toBe(400);
    expect((await verify(cookie, code, ip)).status).toBe(429);
  });

  it(`send at most ${VERIFICATION_DAILY_SENDS_PER_ACCOUNT} codes a day per account`, async () => {
    const { email, cookie } = await signedUp();
    for (let sent = 1; sent < VERIFICATION_DAILY_SENDS_PER_ACCOUNT; sent++) {
      await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
      expect((await resend(cookie)).status).toBe(200);
    }
    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    const capped = await resend(cookie);
    expect(capped.status).toBe(429);
    expect(await outbox(email)).toHaveLength(VERIFICATION_DAILY_SENDS_PER_ACCOUNT);
  });
});

describe("the sweep of abandoned sign-ups", () => {
  it("deletes unverified accounts past their 24 hours, and nothing that is verified, paid for or has chats", async () => {
    const { deleteStaleClaims } = await import("../../src/db/users");
    const { chat, subscription } = await import("../../drizzle/schema");
    const { withDb } = await import("./support/accounts");
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    const made = await withDb(async (db) => {
      const insert = async (verified: boolean) => {
        const [row] = await db
          .insert(user)
          .values({ email: `sweep-${crypto.randomUUID()}@example.test`, verified, createdAt: old })
          .returning({ id: user.id });
        if (!row) throw new Error("no user");
        return row.id;
      };
      const abandoned = await insert(false);
      const verified = await insert(true);
      const withChat = await insert(false);
      const paid = await insert(false);
      await db.insert(chat).values({ user: withChat, title: "kept", model: "test" });
      await db
        .insert(subscription)
        .values({ userId: paid, customer: "cus_x", subscription: "sub_x", amount: 1000 });
      await deleteStaleClaims(db, { before: new Date(Date.now() - 24 * 3600 * 1000) });
      const left = await db.select({ id: user.id }).from(user);
      return { abandoned, kept: [verified, withChat, paid], left: new Set(left.map((r) => r.id)) };
    });
    expect(made.left.has(made.abandoned)).toBe(false);
    for (const id of made.kept) expect(made.left.has(id)).toBe(true);
  });
});
