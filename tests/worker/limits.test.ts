// The README's throttles: 20 sign-ups per IP per hour, and wrong current passwords throttled per session.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../drizzle/schema";
import { REAUTH_FAILURE_LIMIT, SIGN_UP_LIMIT, SIGN_UP_WINDOW_SECONDS } from "../../src/domain/auth-limits";
import {
  call,
  createAccount,
  errorOf,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueIp,
  withDb,
} from "./support/accounts";

const PASSWORD = "a long enough passphrase";

const statusCounts = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe("sign-up limit per IP", () => {
  it(`creates ${SIGN_UP_LIMIT} accounts from one IP within the hour, then 429 with Retry-After`, async () => {
    const ip = uniqueIp();
    const emails = Array.from({ length: SIGN_UP_LIMIT + 5 }, () => uniqueEmail("many"));
    // All at once: the count and the limit are one atomic step, so no burst gets past it either.
    const answers = await Promise.all(
      emails.map((email) => call("/api/login/signup", { body: { email, password: PASSWORD }, ip })),
    );
    expect(statusCounts(answers)).toEqual({ 201: SIGN_UP_LIMIT, 429: 5 });
    const refused = answers.find((r) => r.status === 429);
    if (!refused) throw new Error("nothing was refused");
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_UP_WINDOW_SECONDS);
    expect((await errorOf(refused)).code).toBe("too_many_requests");
    // The refused ones left no account behind.
    const refusedEmails = emails.filter((_, i) => answers[i]?.status === 429);
    for (const email of refusedEmails) {
      const rows = await withDb((db) => db.select().from(user).where(eq(user.email, email)));
      expect(rows).toEqual([]);
    }
    // Another IP is not affected.
    const elsewhere = await call("/api/login/signup", {
      body: { email: uniqueEmail("elsewhere"), password: PASSWORD },
      ip: uniqueIp(),
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe("password change limit", () => {
  it(`${REAUTH_FAILURE_LIMIT} wrong current passwords, then 429 even with the right one; nothing changes`, async () => {
    const account = await createAccount();
    const ip = uniqueIp();
    const change = (currentPassword: string) =>
      call("/api/login/password", {
        body: { currentPassword, newPassword: "an entirely new passphrase" },
        cookie: account.cookie,
        ip,
      });
    const [before] = await withDb((db) => db.select().from(user).where(eq(user.id, account.id)));
    // In parallel, like a script guessing: exactly the limit's worth of guesses get an answer.
    const guesses = await Promise.all(
      Array.from({ length: REAUTH_FAILURE_LIMIT + 2 }, (_, i) => change(`wrong guess number ${i}`)),
    );
    expect(statusCounts(guesses)).toEqual({ 403: REAUTH_FAILURE_LIMIT, 429: 2 });
    const right = await change(TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("Retry-After"))).toBeGreaterThan(0);
    const [after] = await withDb((db) => db.select().from(user).where(eq(user.id, account.id)));
    expect(after?.hashedPassword).toBe(before?.hashedPassword);
    // The session that tried is still signed in.
    expect((await call("/api/login/user", { cookie: account.cookie })).status).toBe(200);
  });
});
