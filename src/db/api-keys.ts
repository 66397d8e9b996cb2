// API key queries: list, create under the per-user cap, revoke, and the lookup of a request's key.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type ApiKeyRow, apiKey, subscription, user } from "../../drizzle/schema";
import { isPaidPlan, type MembershipSource, userPlanOf } from "../domain/plans";
import { isMemberRow } from "../domain/team";
import type { Database, Transaction } from "./client";

export type ApiKeySummary = Omit<ApiKeyRow, "hash" | "userId">;

const summary = {
  id: apiKey.id,
  name: apiKey.name,
  prefix: apiKey.prefix,
  createdAt: apiKey.createdAt,
  lastUsedAt: apiKey.lastUsedAt,
};

export function listApiKeys(db: Database, { userId }: { userId: number }): Promise<ApiKeySummary[]> {
  return db
    .select(summary)
    .from(apiKey)
    .where(eq(apiKey.userId, userId))
    .orderBy(desc(apiKey.createdAt), desc(apiKey.id));
}

/** Why a key was not made: no plan of one's own, a team whose plan is not active, or the cap reached. */
export type ApiKeyRefusal = "no_plan" | "team_plan_inactive" | "limit";

/** The subscription rows that decide the user's plan, held (FOR SHARE) until the transaction ends. */
async function heldPlanRows(tx: Transaction, userId: number) {
  const planRow = (id: number) =>
    tx
      .select({
        userId: subscription.userId,
        adminUserId: subscription.adminUserId,
        amount: subscription.amount,
        ok: subscription.ok,
      })
      .from(subscription)
      .where(eq(subscription.userId, id))
      .for("share");
  const [own] = await planRow(userId);
  const [admin] = isMemberRow(own, userId) ? await planRow(own.adminUserId) : [];
  return { own: own as MembershipSource | undefined, admin };
}

/**
 * Adds a key if the user holds a paid plan (their own or their team's) and has fewer than `max`. One
 * transaction: the user's row is locked, so concurrent creations are counted one after another and the cap
 * holds exactly, and the plan's rows are held, so a webhook ending the plan waits until the key is made or
 * refused — a key is never made for a plan that had already ended.
 */
export function createApiKey(
  db: Database,
  input: { userId: number; name: string; prefix: string; hash: string; max: number },
): Promise<{ row: ApiKeySummary } | { refused: ApiKeyRefusal }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${input.userId} for update`);
    const { own, admin } = await heldPlanRows(tx, input.userId);
    if (!isPaidPlan(userPlanOf(own, admin)))
      return { refused: isMemberRow(own, input.userId) ? "team_plan_inactive" : "no_plan" };
    const [held] = await tx.select({ n: count() }).from(apiKey).where(eq(apiKey.userId, input.userId));
    if ((held?.n ?? 0) >= input.max) return { refused: "limit" };
    const [row] = await tx
      .insert(apiKey)
      .values({ userId: input.userId, name: input.name, prefix: input.prefix, hash: input.hash })
      .returning(summary);
    if (!row) throw new Error("the key's insert returned no row");
    return { row };
  });
}

/** Deletes the user's key; false when no such key is theirs. */
export async function revokeApiKey(db: Database, { userId, id }: { userId: number; id: number }) {
  const rows = await db
    .delete(apiKey)
    .where(and(eq(apiKey.id, id), eq(apiKey.userId, userId)))
    .returning({ id: apiKey.id });
  return rows.length > 0;
}

/** The key with this hash whose owner may still use it (not deleted, verified), joined with `user`. */
export const liveApiKey = (hash: string) =>
  and(eq(apiKey.hash, hash), eq(user.id, apiKey.userId), eq(user.deleted, false), eq(user.verified, true));

/**
 * The key with this hash, if its owner may still use it (`liveApiKey`), marking it used — one statement, one
 * round trip. Returns the stored hash for the caller's constant-time check.
 */
export async function findLiveApiKey(
  db: Database,
  { hash, now }: { hash: string; now: Date },
): Promise<{ id: number; userId: number; hash: string } | null> {
  const [row] = await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .from(user)
    .where(liveApiKey(hash))
    .returning({ id: apiKey.id, userId: apiKey.userId, hash: apiKey.hash });
  return row ?? null;
}
