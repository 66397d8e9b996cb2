// Session lifetime: idle timeout sliding at most daily, capped by the absolute timeout; throttle waits.
import { describe, expect, it } from "vitest";
import {
  absoluteDeadline,
  cookieMaxAge,
  hasSignedInHint,
  idleExpiry,
  isSessionAlive,
  shouldRefreshSession,
} from "../../src/domain/sessions";
import { retryAfterSeconds, waitInWords, waitUnit } from "../../src/domain/throttle";

const DAY = 86_400_000;
const t0 = new Date("2026-01-01T00:00:00Z");
const at = (days: number) => new Date(t0.getTime() + days * DAY);

describe("session lifetime", () => {
  it.each([
    [0, 30],
    [10, 40],
    [59, 89],
    [60, 90],
    [75, 90],
  ])("used on day %i after sign-in → ends on day %i", (used, ends) => {
    expect(idleExpiry(at(used), t0)).toEqual(at(ends));
  });

  it("the absolute deadline is 90 days after sign-in", () => {
    expect(absoluteDeadline(t0)).toEqual(at(90));
  });

  it.each([
    [{ createdAt: t0, expiresAt: at(30) }, at(29), true],
    [{ createdAt: t0, expiresAt: at(30) }, at(30), false],
    [{ createdAt: t0, expiresAt: at(100) }, at(91), false],
  ])("%j alive at %s → %s", (times, now, alive) => {
    expect(isSessionAlive(times, now)).toBe(alive);
  });

  it.each([
    [at(0), at(0.5), false],
    [at(0), at(1), true],
    [at(3), at(5), true],
  ])("last refreshed %s, used %s → refresh %s", (lastUsedAt, now, refresh) => {
    expect(shouldRefreshSession({ lastUsedAt }, now)).toBe(refresh);
  });

  it("cookie Max-Age follows the session's end, never below 1", () => {
    expect(cookieMaxAge(at(30), t0)).toBe(30 * 86_400);
    expect(cookieMaxAge(t0, at(1))).toBe(1);
  });
});

describe("retryAfterSeconds", () => {
  const now = new Date("2026-01-01T00:10:00Z");
  const opts = { limit: 10, windowSeconds: 900, now };
  const started = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

  it.each([
    [[{ key: "a", count: 10, windowStartedAt: started(1) }], null],
    [[{ key: "a", count: 11, windowStartedAt: started(5) }], 600],
    [
      [
        { key: "a", count: 11, windowStartedAt: started(5) },
        { key: "b", count: 12, windowStartedAt: started(1) },
      ],
      840,
    ],
    [[{ key: "a", count: 11, windowStartedAt: started(15) }], 1],
    // The database's clock a little ahead of the Worker's: the whole window, not a second more.
    [[{ key: "a", count: 11, windowStartedAt: new Date(now.getTime() + 40) }], 900],
  ])("%j → %s", (counts, wait) => {
    expect(retryAfterSeconds(counts, opts)).toBe(wait);
  });
});

describe("a wait in words", () => {
  // One rule for the API's English and the verification page's Intl wording (they used to disagree).
  it.each([
    [0.4, 1, "second", "in 1 second"],
    [45, 45, "second", "in 45 seconds"],
    [89, 89, "second", "in 89 seconds"],
    [90, 2, "minute", "in 2 minutes"],
    [61 * 60, 61, "minute", "in 61 minutes"],
    [89 * 60, 89, "minute", "in 89 minutes"],
    [89 * 60 + 1, 2, "hour", "in 2 hours"],
    [3 * 3600, 3, "hour", "in 3 hours"],
    [47 * 3600, 47, "hour", "in 47 hours"],
    [47 * 3600 + 1, 2, "day", "in 2 days"],
    // A month's quota window just begun: not "2591999 s", nor "720 hours".
    [2_591_999, 30, "day", "in 30 days"],
  ])("%s s → %s %s", (seconds, value, unit, words) => {
    expect(waitUnit(seconds)).toEqual({ value, unit });
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe("the signed-in hint cookie", () => {
  it.each([
    ["signed_in=1", true],
    ["theme=dark; signed_in=1; locale=fr", true],
    ["", false],
    ["signed_in=0", false],
    ["not_signed_in=1", false],
    ["signed_in=1x", false],
  ])("%j → %s", (header, expected) => {
    expect(hasSignedInHint(header)).toBe(expected);
  });
});
