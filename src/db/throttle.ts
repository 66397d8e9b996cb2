// Fixed-window throttling counters: one upsert per hit, so parallel requests serialise on the row lock.
import { inArray, lt, sql } from "drizzle-orm";
import { throttle } from "../../drizzle/schema";
import type { ThrottleCount } from "../domain/throttle";
import type { Database } from "./client";

/**
 * Counts one hit on each key and returns every key's count in its current window, this hit included.
 * A window starts at a key's first hit and lasts `windowSeconds`; the hit after it opens a new one.
 * Keys are locked in sorted order so two requests sharing keys cannot deadlock.
 */
export async function hitThrottle(
  db: Database,
  { keys, windowSeconds, now }: { keys: string[]; windowSeconds: number; now: Date },
): Promise<ThrottleCount[]> {
  const sorted = [...new Set(keys)].sort();
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const expired = sql`${throttle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const rows = await db
    .insert(throttle)
    .values(sorted.map((key) => ({ key, windowStartedAt: now, count: 1 })))
    .onConflictDoUpdate({
      target: throttle.key,
      set: {
        count: sql`case when ${expired} then 1 else ${throttle.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded."windowStartedAt" else ${throttle.windowStartedAt} end`,
      },
    })
    .returning({ key: throttle.key, count: throttle.count, windowStartedAt: throttle.windowStartedAt });
  // Keys nobody hits again would stay forever: now and then sweep the ones idle for a day.
  if (Math.random() < 0.01) {
    await db.delete(throttle).where(lt(throttle.windowStartedAt, new Date(now.getTime() - 86_400_000)));
  }
  return rows;
}

/** Forgets keys entirely (e.g. an email's failures after it signs in). */
export async function clearThrottle(db: Database, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(throttle).where(inArray(throttle.key, keys));
}

/** Takes back one counted hit (a sign-in counted up front that turned out to succeed). */
export async function releaseThrottle(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(throttle)
    .set({ count: sql`greatest(${throttle.count} - 1, 0)` })
    .where(inArray(throttle.key, keys));
}
