// Accounts on a given plan for the chat-engine tests, and usage rows to bring them near a limit.
import { eq } from "drizzle-orm";
import { usage } from "../../../drizzle/schema";
import { poolOf } from "../../../src/db/team-usage";
import { createAccount, subscribe, type TestAccount, withDb } from "./accounts";

const AMOUNTS = { starter: 1000, standard: 2000, expert: 6000 } as const;
export type TestPlan = keyof typeof AMOUNTS | "none" | "unsubscribed";

/** A verified, signed-in account holding `plan` (no password: these tests never sign in). */
export async function accountOnPlan(
  plan: TestPlan = "starter",
  team: { seats?: number; adminUserId?: number } = {},
): Promise<TestAccount> {
  const account = await createAccount({ hashedPassword: null });
  if (plan !== "none") {
    await subscribe(account.id, {
      amount: plan === "unsubscribed" ? AMOUNTS.starter : AMOUNTS[plan],
      ok: plan !== "unsubscribed",
      quantity: team.seats,
      adminUserId: team.adminUserId,
    });
  }
  return account;
}

/**
 * As if the account had made `count` requests of `category` at `at` — by default 61 minutes ago: inside
 * every quota window (the shortest is 3 hours), outside the fair-usage rate's minute and hour — counted in
 * the pool it is in now, as hot.reserve_usage records them.
 */
export async function addUsage(
  userId: number,
  category: string,
  count: number,
  at = new Date(Date.now() - 61 * 60_000),
): Promise<void> {
  if (count === 0) return;
  await withDb((db) =>
    db.insert(usage).values(
      Array.from({ length: count }, () => ({
        userId,
        model: "test",
        category,
        requestedAt: at,
        poolOwnerId: poolOf(userId),
      })),
    ),
  );
}

export async function usageCount(userId: number, category: string): Promise<number> {
  const rows = await withDb((db) => db.select().from(usage).where(eq(usage.userId, userId)));
  return rows.filter((r) => r.category === category).length;
}
