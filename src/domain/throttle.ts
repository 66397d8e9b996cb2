// Fixed-window throttling: when a counted key is over its limit and how long until it may try again.

export interface ThrottleCount {
  key: string;
  /** Hits in the key's current window, the one just counted included. */
  count: number;
  windowStartedAt: Date;
}

/**
 * Seconds until every over-limit key's window has ended (what Retry-After should say), or null when all
 * keys are within their limit. `limit` is one for every key, or each key's own. Never less than 1, so a
 * client always waits, and never more than the window.
 */
export function retryAfterSeconds(
  counts: readonly ThrottleCount[],
  {
    limit,
    windowSeconds,
    now,
  }: { limit: number | ((key: string) => number); windowSeconds: number; now: Date },
): number | null {
  let wait: number | null = null;
  for (const { key, count, windowStartedAt } of counts) {
    if (count <= (typeof limit === "number" ? limit : limit(key))) continue;
    // The window's start is the database's clock and `now` the Worker's: a start a few milliseconds "after"
    // now must not ask for more than the whole window.
    const seconds = Math.ceil((windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
    wait = Math.max(wait ?? 1, Math.min(windowSeconds, seconds));
  }
  return wait;
}

/** A wait in the largest unit that keeps it meaningful: 45 s stays seconds, 14 minutes, 3 hours, 30 days (rounded up). */
export function waitUnit(seconds: number): { value: number; unit: "second" | "minute" | "hour" | "day" } {
  if (seconds < 90) return { value: Math.max(1, Math.round(seconds)), unit: "second" };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return { value: minutes, unit: "minute" };
  const hours = Math.ceil(seconds / 3600);
  if (hours < 48) return { value: hours, unit: "hour" };
  return { value: Math.ceil(seconds / 86_400), unit: "day" };
}

/** "in 14 minutes", "in 3 hours": a wait as people say it (the API's English; the client says it in `Intl`). */
export function waitInWords(seconds: number): string {
  const { value, unit } = waitUnit(seconds);
  return `in ${value} ${unit}${value === 1 ? "" : "s"}`;
}
