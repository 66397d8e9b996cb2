// Usage counted the way the quota counts it: per user and category over each category's window, and pooled.
import { and, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import { subscription, usage } from "../../drizzle/schema";
import { emptyUsageCounts, USAGE_CATEGORIES, USAGE_WINDOW_SECONDS, type UsageCounts } from "../domain/usage";
import type { Queryable, Statements } from "./client";

/** The requests the quota counts (not a free model's) within each category's window ending at `now`. */
const inWindows = (now: Date) =>
  and(
    eq(usage.free, false),
    or(
      ...USAGE_CATEGORIES.map((category) =>
        and(
          eq(usage.category, category),
          gt(usage.requestedAt, new Date(now.getTime() - USAGE_WINDOW_SECONDS[category] * 1000)),
        ),
      ),
    ),
  );

const isCategory = (value: string): value is keyof UsageCounts =>
  (USAGE_CATEGORIES as readonly string[]).includes(value);

/**
 * The pool `userId` is counted in, as hot.reserve_usage finds it: their team admin's id for a member, else
 * their own. Read in the query, so the counts need not wait for the subscription row.
 */
export const poolOf = (userId: number | SQL): SQL =>
  sql`coalesce((select case when ${subscription.adminUserId} is not null and ${subscription.adminUserId} <> ${subscription.userId}
    then ${subscription.adminUserId} else ${subscription.userId} end
    from ${subscription} where ${subscription.userId} = ${userId} limit 1), ${userId}::bigint)`;

/**
 * The requests the quota gate (hot.reserve_usage, migrations/0020) counts for `userId`: those recorded in
 * their pool — whoever made them, members since removed included — and their own wherever they were made.
 */
const countedFor = (userId: number | SQL, pool: SQL | number) =>
  or(eq(usage.poolOwnerId, pool), eq(usage.userId, userId));

/**
 * Each of a team's people's requests per category within its window ending at `now`, as far as the pool of
 * `ownerId` counts them: a member's made in it (not those from before they joined), the admin's all.
 */
export async function usageByUser(
  db: Queryable,
  { userIds, ownerId, now }: { userIds: number[]; ownerId: number; now: Date },
): Promise<Map<number, UsageCounts>> {
  const counts = new Map(userIds.map((id) => [id, emptyUsageCounts()]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: usage.userId, category: usage.category, count: sql<number>`count(*)::int` })
    .from(usage)
    .where(and(inArray(usage.userId, userIds), countedFor(ownerId, ownerId), inWindows(now)))
    .groupBy(usage.userId, usage.category);
  for (const row of rows) {
    const own = counts.get(row.userId);
    if (own && isCategory(row.category)) own[row.category] = row.count;
  }
  return counts;
}

/**
 * One query for both counts of the user object: `own`, the user's requests wherever they were made, and
 * `pooled`, what the quota gate compares with limit × seats for them (src/db/quota.ts). Rows (category,
 * own, pooled), as SQL: the user object's statement reads it as a subquery (src/db/user-object.ts).
 */
export const usageCountsQuery = (userId: number | SQL, now: Date): SQL =>
  sql`select ${usage.category} as category, (count(*) filter (where ${usage.userId} = ${userId}))::int as own,
      count(*)::int as pooled
    from ${usage} where ${and(countedFor(userId, poolOf(userId)), inWindows(now))}
    group by ${usage.category}`;

/** The counts per category of `usageCountsQuery`'s rows (a category no longer known is left out). */
export function usageCounts(rows: readonly Record<string, unknown>[]): {
  own: UsageCounts;
  pooled: UsageCounts;
} {
  const own = emptyUsageCounts();
  const pooled = emptyUsageCounts();
  for (const row of rows) {
    const category = String(row.category);
    if (!isCategory(category)) continue;
    own[category] = Number(row.own);
    pooled[category] = Number(row.pooled);
  }
  return { own, pooled };
}

export async function usageAndPool(
  db: Statements,
  { userId, now }: { userId: number; now: Date },
): Promise<{ own: UsageCounts; pooled: UsageCounts }> {
  const { rows } = await db.execute(usageCountsQuery(userId, now));
  return usageCounts(rows);
}
