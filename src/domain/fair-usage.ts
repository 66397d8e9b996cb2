// The fair-usage rate: requests per minute and per hour, for every model (free ones included), per person.
//
// Quotas (src/domain/usage.ts) bound what a plan buys over hours and months; this bounds the pace, so a
// script cannot fire dozens of requests a second at paid providers. Generous for a person: a message every
// 3 seconds for a minute, or one every 12 seconds for an hour.

export interface FairUsageRate {
  limit: number;
  windowSeconds: number;
}

export const FAIR_USAGE_RATES: readonly FairUsageRate[] = [
  { limit: 20, windowSeconds: 60 },
  { limit: 300, windowSeconds: 3600 },
];

/**
 * Who is rated: a signed-in person (their requests in the app), or an API key on its own, with its own
 * counter (the requests recorded under its id), through the same check.
 */
export type FairUsageSubject =
  | { userId: number; apiKeyId?: undefined }
  | { userId: number; apiKeyId: number };

/**
 * Seconds until one more request fits every window, or null when it fits now. `recent` holds the times
 * of the subject's requests in the last hour, newest first. A window of length W with limit L is full
 * when it holds L requests; it frees a place when its L-th newest request is W seconds old.
 *
 * The rule as written down: requests are gated by `hot.reserve_usage` (migrations/0013), which carries it out
 * in SQL, and tests/worker/quota-statement.test.ts holds the two equal on this function's own table.
 */
export function fairUsageWait(
  recent: readonly Date[],
  now: Date,
  rates: readonly FairUsageRate[] = FAIR_USAGE_RATES,
): number | null {
  let wait: number | null = null;
  for (const { limit, windowSeconds } of rates) {
    const start = now.getTime() - windowSeconds * 1000;
    const inWindow = recent.filter((at) => at.getTime() > start);
    if (inWindow.length < limit) continue;
    const leaving = inWindow[limit - 1] as Date;
    const seconds = Math.max(1, Math.ceil((leaving.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
    wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}
