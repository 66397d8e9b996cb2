// Fixed-window throttling: when a counted key is over its limit and how long until it may try again.

export interface ThrottleCount {
  key: string;
  /** Hits in the key's current window, the one just counted included. */
  count: number;
  windowStartedAt: Date;
}

/**
 * Seconds until every over-limit key's window has ended (what Retry-After should say), or null when all
 * keys are within the limit. Never less than 1, so a client always waits.
 */
export function retryAfterSeconds(
  counts: readonly ThrottleCount[],
  { limit, windowSeconds, now }: { limit: number; windowSeconds: number; now: Date },
): number | null {
  let wait: number | null = null;
  for (const { count, windowStartedAt } of counts) {
    if (count <= limit) continue;
    const seconds = Math.ceil((windowStartedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000);
    wait = Math.max(wait ?? 1, seconds);
  }
  return wait;
}
