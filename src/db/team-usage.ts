// Usage counted the way the quota counts it: per user and category over each category's window, and pooled.
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { usage } from "../../drizzle/schema";
import { emptyUsageCounts, USAGE_CATEGORIES, USAGE_WINDOW_SECONDS, type UsageCounts } from "../domain/usage";
import type { Queryable } from "./client";

/** A usage row inside its category's window ending at `now` (as the quota gate counts). */
export const inWindows = (now: Date) =>
  or(
    ...USAGE_CATEGORIES.map((category) =>
      and(
        eq(usage.category, category),
        gt(usage.requestedAt, new Date(now.getTime() - USAGE_WINDOW_SECONDS[category] * 1000)),
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

/** Adds up several users' counts. */
export function sumUsage(all: Iterable<UsageCounts>): UsageCounts {
  const total = emptyUsageCounts();
  for (const counts of all) for (const category of USAGE_CATEGORIES) total[category] += counts[category];
  return total;
}
