// hot.reserve_usage, the quota gate's one statement, against the rules it carries out: the fair-usage rule
// of src/domain/fair-usage.ts (the domain's own table, same cases) and the plan's limit times the seats.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscription, usage, user } from "../../drizzle/schema";
import { reserveUsage } from "../../src/db/quota";
import { usageAndPool } from "../../src/db/team-usage";
import { fairUsageWait } from "../../src/domain/fair-usage";
import { quotaLimit } from "../../src/domain/usage";
import { ago, NOW, RATES, requests } from "../support/fair-usage-cases";
import { withDb } from "./support/accounts";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";

const reserve = (userId: number, input: { category?: "text" | "reasoning"; free?: boolean } = {}) =>
  withDb((db) =>
    reserveUsage(db, {
      userId,
      model: "test",
      category: input.category ?? "reasoning",
      free: input.free ?? true,
      now: NOW,
      rates: RATES,
    }),
  );

describe("hot.reserve_usage", () => {
  it.each([
    ["nothing recent", []],
    ["under both limits", requests(2, 1, 1)],
    ["the minute full", requests(3, 1, 10)],
    ["the minute full long ago", requests(3, 61, 1)],
    ["the hour full", requests(5, 100, 600)],
    ["both full", [...requests(3, 1, 1), ...requests(2, 1000, 1)]],
    ["more than a limit", requests(4, 5, 5)],
    ["a fraction of a second from fitting", requests(3, 59.9, 0)],
  ])("waits as the domain's rule says: %s", async (_label, recent) => {
    const account = await accountOnPlan("expert");
    if (recent.length > 0) {
      await withDb((db) =>
        db
          .insert(usage)
          .values(
            recent.map((at) => ({ userId: account.id, model: "test", category: "text", requestedAt: at })),
          ),
      );
    }
    const decision = await reserve(account.id);
    const wait = fairUsageWait(recent, NOW, RATES);
    if (wait === null) expect(decision).toMatchObject({ ok: true, plan: "expert" });
    else
      expect(decision).toEqual({ ok: false, reason: "fair_usage", plan: "expert", retryAfterSeconds: wait });
    // A refusal records nothing; a request let through is recorded once.
    expect(await usageCount(account.id, "reasoning")).toBe(wait === null ? 1 : 0);
  });

  it("holds the plan's limit times the seats, and counts the whole team's requests", async () => {
    const limit = quotaLimit("starter", "text", 2);
    const admin = await accountOnPlan("starter", { seats: 2 });
    const member = await accountOnPlan("starter", { adminUserId: admin.id });
    await addUsage(admin.id, "text", limit - 2, ago(3600));
    await addUsage(member.id, "text", 1, ago(1800));
    expect(await reserve(member.id, { category: "text", free: false })).toEqual({
      ok: true,
      plan: "starter",
      used: limit,
      limit,
    });
    // The oldest counted request (an hour ago) leaves the 3-hour window in two hours.
    expect(await reserve(admin.id, { category: "text", free: false })).toEqual({
      ok: false,
      reason: "quota",
      plan: "starter",
      used: limit,
      limit,
      retryAfterSeconds: 2 * 3600,
    });
    // A free model skips the quota once the plan is paid.
    expect(await reserve(admin.id, { category: "text", free: true })).toMatchObject({ ok: true });
  });

  // A request stays in the pool it was counted in: a team cannot free its quota by parting with a member, and
  // nobody escapes their own recent requests by joining or leaving one.
  it("counts each request in the pool it was made in, and the person's own wherever they go", async () => {
    const limit = quotaLimit("starter", "text", 2);
    const paid = (userId: number) => reserve(userId, { category: "text", free: false });
    const admin = await accountOnPlan("starter", { seats: 2 });
    const person = await accountOnPlan("starter");
    await addUsage(admin.id, "text", limit - 10, ago(3600));
    await addUsage(person.id, "text", 5, ago(3600));
    const moveTo = (adminUserId: number | null) =>
      withDb((db) => db.update(subscription).set({ adminUserId }).where(eq(subscription.userId, person.id)));

    // Joined: their earlier requests are theirs alone, the team's are everyone's.
    await moveTo(admin.id);
    expect(await paid(person.id)).toMatchObject({ ok: true, used: limit - 10 + 5 + 1, limit });
    expect(await paid(admin.id)).toMatchObject({ ok: true, used: limit - 10 + 1 + 1 });
    const shown = await withDb((db) => usageAndPool(db, { userId: admin.id, now: NOW }));
    expect(shown).toMatchObject({ own: { text: limit - 9 }, pooled: { text: limit - 8 } });

    // Gone (their own plan again): the request they made in the team stays in its pool, and counts for them.
    await moveTo(null);
    expect(await paid(admin.id)).toMatchObject({ ok: true, used: limit - 7 });
    expect(await paid(person.id)).toMatchObject({ ok: true, used: 5 + 1 + 1, limit: limit / 2 });
    const after = await withDb((db) => usageAndPool(db, { userId: admin.id, now: NOW }));
    expect(after.pooled.text).toBe(limit - 7);
  });

  it("never counts a free model's requests in the plan's quota, nor shows them as used", async () => {
    const limit = quotaLimit("starter", "text");
    const account = await accountOnPlan("starter");
    await addUsage(account.id, "text", limit - 1, ago(3600));
    // At limit − 1: free requests go through, are recorded (the fair-usage rate counts them) and use nothing.
    for (let i = 0; i < 2; i++) {
      expect(await reserve(account.id, { category: "text", free: true })).toMatchObject({
        ok: true,
        used: limit - 1,
      });
    }
    expect(await usageCount(account.id, "text")).toBe(limit + 1);
    const shown = await withDb((db) => usageAndPool(db, { userId: account.id, now: NOW }));
    expect([shown.own.text, shown.pooled.text]).toEqual([limit - 1, limit - 1]);
    // The paid request the plan still has goes through, and the next one is refused.
    expect(await reserve(account.id, { category: "text", free: false })).toMatchObject({
      ok: true,
      used: limit,
    });
    expect(await reserve(account.id, { category: "text", free: false })).toMatchObject({
      ok: false,
      reason: "quota",
    });
  });

  it("refuses without a plan, or with an unpaid one, and records nothing", async () => {
    for (const plan of ["none", "unsubscribed"] as const) {
      const account = await accountOnPlan(plan);
      expect(await reserve(account.id)).toEqual({ ok: false, reason: "no_plan", plan });
      expect(await usageCount(account.id, "reasoning")).toBe(0);
    }
  });

  // The check and the insert are one short statement, so racing requests rarely overlap even without the
  // lock (the 200-request race in chat-api.test.ts no longer tells). This tells: while another request of
  // the account holds the owner's lock, none is decided; once it is released, they go one at a time.
  it("decides nothing while the account owner's row is locked, then lets exactly the limit through", async () => {
    const limit = quotaLimit("starter", "text");
    const account = await accountOnPlan("starter");
    await addUsage(account.id, "text", limit - 1, ago(2 * 3600));
    let decided = 0;
    const racing = await withDb((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${user} where ${user.id} = ${account.id} for update`);
        const all = Promise.all(
          Array.from({ length: 20 }, () =>
            reserve(account.id, { category: "text", free: false }).then((decision) => {
              decided++;
              return decision;
            }),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 750));
        expect(decided).toBe(0);
        return { all };
      }),
    );
    const decisions = await racing.all;
    expect(decisions.filter((d) => d.ok)).toHaveLength(1);
    expect(await usageCount(account.id, "text")).toBe(limit);
  });
});
