// API key queries: list, create under the per-user cap, revoke, and the lookup of a request's key.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { type ApiKeyRow, apiKey, user } from "../../drizzle/schema";
import type { Database } from "./client";

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

/**
 * Adds a key unless the user already has `max`: the user's row is locked first, so concurrent creations
 * are counted one after another and the cap holds exactly. Null when the cap is reached.
 */
export function createApiKey(
  db: Database,
  input: { userId: number; name: string; prefix: string; hash: string; max: number },
): Promise<ApiKeySummary | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${user} where ${user.id} = ${input.userId} for update`);
    const [held] = await tx.select({ n: count() }).from(apiKey).where(eq(apiKey.userId, input.userId));
    if ((held?.n ?? 0) >= input.max) return null;
    const [row] = await tx
      .insert(apiKey)
      .values({ userId: input.userId, name: input.name, prefix: input.prefix, hash: input.hash })
      .returning(summary);
    return row ?? null;
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

/**
 * The key with this hash, if its owner may still use it (not deleted, verified), marking it used — one
 * statement, one round trip. Returns the stored hash for the caller's constant-time check.
 */
export async function findLiveApiKey(
  db: Database,
  { hash, now }: { hash: string; now: Date },
): Promise<{ id: number; userId: number; hash: string } | null> {
  const [row] = await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .from(user)
    .where(
      and(
        eq(apiKey.hash, hash),
        eq(user.id, apiKey.userId),
        eq(user.deleted, false),
        eq(user.verified, true),
      ),
    )
    .returning({ id: apiKey.id, userId: apiKey.userId, hash: apiKey.hash });
  return row ?? null;
}
