// Requests racing for one thing: each check and the write it guards must be one atomic step. On PGlite (one
// session) these never truly overlap; `npm test` runs them again on a real PostgreSQL, where they do.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user, verificationCode } from "../../drizzle/schema";
import { call, sessionCookie, uniqueEmail, uniqueIp, withDb } from "./support/accounts";
import { api } from "./support/api";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";

const PASSWORD = "a long enough passphrase";

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("racing requests", () => {
  it("parallel sign-ups with one email each replace the last: every answer 201, one unverified row left", async () => {
    const email = uniqueEmail("twice");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("/api/login/signup", { body: { email, password: `${PASSWORD} ${i}` }, ip: uniqueIp() }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 201), JSON.stringify(statuses)).toBe(6);
    const rows = await withDb((db) =>
      db.select({ id: user.id, verified: user.verified }).from(user).where(eq(user.email, email)),
    );
    expect(rows).toEqual([{ id: expect.any(Number), verified: false }]);
  });

  it("parallel resends send one new code: one 200, the others 429", async () => {
    const email = uniqueEmail("resend-race");
    const signUp = await call("/api/login/signup", { body: { email, password: PASSWORD }, ip: uniqueIp() });
    expect(signUp.status).toBe(201);
    const cookie = sessionCookie(signUp);
    await withDb(async (db) => {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await db
        .update(verificationCode)
        .set({ sentAt: new Date(Date.now() - 61_000) })
        .where(eq(verificationCode.userId, row?.id ?? 0));
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call("/api/login/verification/resend", { method: "POST", cookie })),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 200), JSON.stringify(statuses)).toBe(1);
    expect(count(statuses, 429)).toBe(9);
    const outbox = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
    expect(((await outbox.json()) as { messages: unknown[] }).messages).toHaveLength(2);
  });

  it("a team's members racing for the team's last request: exactly one of them gets it", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const members = [
      await accountOnPlan("standard", { adminUserId: admin.id }),
      await accountOnPlan("standard", { adminUserId: admin.id }),
    ];
    await addUsage(admin.id, "text", 80 * 3 - 1); // standard: 80 text requests per seat
    const everyone = [admin, ...members];
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const who = everyone[i % everyone.length] ?? admin;
        return api("/api/chat/new", {
          cookie: who.cookie,
          body: { assistantId: "default", model: "test", content: `seat race ${i}` },
        });
      }),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 201), JSON.stringify(statuses)).toBe(1);
    expect(count(statuses, 429)).toBe(59);
    const used = await Promise.all(everyone.map((a) => usageCount(a.id, "text")));
    expect(used.reduce((a, b) => a + b, 0)).toBe(80 * 3);
  });
});
