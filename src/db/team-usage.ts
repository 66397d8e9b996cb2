// Usage counted the way the quota counts it: per user and category over each category's window, and pooled.
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { subscription, usage } from "../../drizzle/schema";
import { emptyUsageCounts, USAGE_CATEGORIES, USAGE_WINDOW_SECONDS, type UsageCounts } from "../domain/usage";
import type { Queryable } from "./client";

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

/** Each user's requests per category within its window ending at `now`. */
export async function usageByUser(
  db: Queryable,
  { userIds, now }: { userIds: number[]; now: Date },
): Promise<Map<number, UsageCounts>> {
  const counts = new Map(userIds.map((id) => [id, emptyUsageCounts()]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: usage.userId, category: usage.category, count: sql<number>`count(*)::int` })
    .from(usage)
    .where(and(inArray(usage.userId, userIds), inWindows(now)))
    .groupBy(usage.userId, usage.category);
  for (const row of rows) {
    const own = counts.get(row.userId);
    if (own && isCategory(row.category)) own[row.category] = row.count;
  }
  return counts;
}

/**
 * The counts the quota gate compares with limit × seats (src/db/quota.ts): the user's own requests and
 * those of everyone on the team of `ownerId` (the admin's row and every row naming them as admin).
 */
export async function pooledUsageCounts(
  db: Queryable,
  { userId, ownerId, now }: { userId: number; ownerId: number; now: Date },
): Promise<UsageCounts> {
  const team = db
    .select({ id: subscription.userId })
    .from(subscription)
    .where(or(eq(subscription.userId, ownerId), eq(subscription.adminUserId, ownerId)));
  const rows = await db
    .select({ category: usage.category, count: sql<number>`count(*)::int` })
    .from(usage)
    .where(and(or(eq(usage.userId, userId), inArray(usage.userId, team)), inWindows(now)))
    .groupBy(usage.category);
  const counts = emptyUsageCounts();
  for (const row of rows) if (isCategory(row.category)) counts[row.category] = row.count;
  return counts;
}

/** Adds up several users' counts. */
export function sumUsage(all: Iterable<UsageCounts>): UsageCounts {
  const total = emptyUsageCounts();
  for (const counts of all) for (const category of USAGE_CATEGORIES) total[category] += counts[category];
  return total;
}
