// "Forgot password": the code by mail, one answer for every address, throttles, the rules of sign-up, and
// every session and known browser of the account gone after a reset.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { knownDevice, passwordReset, throttle } from "../../drizzle/schema";
import { sha256Hex } from "../../src/auth/tokens";
import {
  PASSWORD_RESET_MAX_ATTEMPTS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  SIGN_IN_ACCOUNT_FAILURE_LIMIT,
} from "../../src/domain/auth-limits";
import { clientAddressKey } from "../../src/domain/client-address";
import {
  call,
  cookiePair,
  createAccount,
  errorOf,
  sessionCookie,
  sessionRows,
  uniqueEmail,
  uniqueIp,
  withDb,
} from "./support/accounts";

const NEW_PASSWORD = "a brand new passphrase";

const forgot = (email: string, ip = uniqueIp()) => call("/api/login/forgot", { body: { email }, ip });
const reset = (body: { email: string; code: string; password: string }, ip = uniqueIp(), cookie?: string) =>
  call("/api/login/reset", { body, ip, cookie });
const signIn = (email: string, password: string, cookie?: string) =>
  call("/api/login", { body: { email, password }, cookie });

async function outbox(email: string) {
  const res = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
}

async function mailedCode(email: string): Promise<string> {
  const mail = (await outbox(email)).find((m) => m.subject.includes("password reset"));
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("POST /api/login/forgot", () => {
  it("answers the same for an account and for an unknown address, and mails only the account", async () => {
    const account = await createAccount();
    const stranger = uniqueEmail("nobody");
    const known = await forgot(account.email);
    const unknown = await forgot(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ ok: true, email: account.email });
    expect(await unknown.json()).toEqual({ ok: true, email: stranger });
    expect(await mailedCode(account.email)).toMatch(/^\d{6}$/);
    expect(await outbox(stranger)).toEqual([]);
  });

  it("mails no second code within a minute, with the same answer", async () => {
    const account = await createAccount();
    expect((await forgot(account.email)).status).toBe(200);
    expect((await forgot(account.email)).status).toBe(200);
    const mails = (await outbox(account.email)).filter((m) => m.subject.includes("password reset"));
    expect(mails).toHaveLength(1);
  });

  it("refuses a malformed address with 400", async () => {
    const res = await forgot("not an address");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });

  it("counts requests per address whether or not it has an account", async () => {
    const stranger = uniqueEmail("nobody");
    for (let i = 0; i < PASSWORD_RESET_REQUESTS_PER_EMAIL; i++) {
      expect((await forgot(stranger)).status).toBe(200);
    }
    const res = await forgot(stranger);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("POST /api/login/reset", () => {
  it("sets the new password, ends every session, forgets every browser and signs this one in", async () => {
    const account = await createAccount();
    // A second browser that signed in with the password: a session and a known device.
    const other = await signIn(account.email, account.password);
    expect(other.status).toBe(200);
    expect((await sessionRows(account.id)).length).toBe(2);
    await forgot(account.email);
    const code = await mailedCode(account.email);

    const res = await reset({ email: account.email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    const fresh = sessionCookie(res);
    expect(cookiePair(res, "device")).toBeDefined();

    const sessions = await sessionRows(account.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toBe(await sha256Hex(fresh.split("=")[1] ?? ""));
    expect((await call("/api/login/user", { cookie: account.cookie })).status).toBe(401);
    expect((await call("/api/login/user", { cookie: sessionCookie(other) })).status).toBe(401);
    expect((await call("/api/login/user", { cookie: fresh })).status).toBe(200);
    const devices = await withDb((db) =>
      db.select().from(knownDevice).where(eq(knownDevice.userId, account.id)),
    );
    expect(devices).toHaveLength(1);

    expect((await signIn(account.email, account.password)).status).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    // The code is spent.
    const again = await reset({ email: account.email, code, password: "yet another passphrase" });
    expect(again.status).toBe(400);
  });

  it("forgets the account's own sign-in failures, not the network address's over every account", async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    const ipKey = clientAddressKey(ip);
    for (let i = 0; i < 3; i++) {
      const guess = await call("/api/login", {
        body: { email: uniqueEmail(), password: "a wrong guess" },
        ip,
      });
      expect(guess.status).toBe(401);
    }
    const failing = await call("/api/login", {
      body: { email: account.email, password: "a wrong guess" },
      ip,
    });
    expect(failing.status).toBe(401);
    const counts = () =>
      withDb(async (db) =>
        Object.fromEntries(
          (await db.select().from(throttle)).flatMap((row) =>
            row.key.endsWith(ipKey) || row.key.includes(account.email) ? [[row.key, row.count]] : [],
          ),
        ),
      );
    expect((await counts())[`sign-in:ip:${ipKey}`]).toBe(4);
    await forgot(account.email, ip);
    expect(
      (
        await reset(
          { email: account.email, code: await mailedCode(account.email), password: NEW_PASSWORD },
          ip,
        )
      ).status,
    ).toBe(200);
    const after = await counts();
    expect(after[`sign-in:ip:${ipKey}`]).toBe(4);
    expect(after[`sign-in:account:${account.email}`]).toBeUndefined();
  });

  it("refuses a wrong code and an unknown address with the same answer", async () => {
    const account = await createAccount();
    await forgot(account.email);
    const code = await mailedCode(account.email);
    const wrong = await reset({ email: account.email, code: wrongCodeFor(code), password: NEW_PASSWORD });
    const unknown = await reset({ email: uniqueEmail("nobody"), code, password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const [a, b] = [await errorOf(wrong), await errorOf(unknown)];
    expect(a).toEqual(b);
    expect(a.code).toBe("verification_code_invalid");
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });

  it("applies the sign-up password rules", async () => {
    const account = await createAccount();
    await forgot(account.email);
    const code = await mailedCode(account.email);
    for (const password of ["short", "qwertyuiop", " ".repeat(10), "password123", "qwerty123456"]) {
      const res = await reset({ email: account.email, code, password });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
    // Refused passwords spent no try: the code still works.
    expect((await reset({ email: account.email, code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("ends the code after its tries, and after its expiry", async () => {
    const account = await createAccount();
    await forgot(account.email);
    const code = await mailedCode(account.email);
    for (let i = 0; i < PASSWORD_RESET_MAX_ATTEMPTS; i++) {
      const res = await reset({ email: account.email, code: wrongCodeFor(code), password: NEW_PASSWORD });
      expect(res.status).toBe(400);
    }
    expect((await reset({ email: account.email, code, password: NEW_PASSWORD })).status).toBe(400);

    const late = await createAccount();
    await forgot(late.email);
    const lateCode = await mailedCode(late.email);
    await withDb((db) =>
      db
        .update(passwordReset)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordReset.userId, late.id)),
    );
    expect((await reset({ email: late.email, code: lateCode, password: NEW_PASSWORD })).status).toBe(400);
  });

  it("throttles tries per address like sign-in, even with a right code", async () => {
    const account = await createAccount();
    await forgot(account.email);
    const code = await mailedCode(account.email);
    // Tries past one code's own limit still count for the address.
    for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURE_LIMIT; i++) {
      await reset({ email: account.email, code: wrongCodeFor(code), password: NEW_PASSWORD });
    }
    const res = await reset({ email: account.email, code, password: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("never mails a code for a deleted or unverified account", async () => {
    const claim = await createAccount({ verified: false });
    expect((await forgot(claim.email)).status).toBe(200);
    expect(await outbox(claim.email)).toEqual([]);
  });
});
