// API key rules: the Bearer header, the per-key rate and its setting, table-driven.
import { describe, expect, it } from "vitest";
import {
  API_KEY_PATTERN,
  apiKeyRates,
  bearerToken,
  DEFAULT_API_KEY_REQUESTS_PER_MINUTE,
  requestsPerMinuteOf,
} from "../../src/domain/api-keys";
import { FAIR_USAGE_RATES, fairUsageWait } from "../../src/domain/fair-usage";

const KEY = `sb_${"a".repeat(43)}`;

describe("bearerToken", () => {
  it.each([
    [`Bearer ${KEY}`, KEY],
    [`bearer ${KEY}`, KEY],
    [`Bearer   ${KEY}  `, KEY],
    [KEY, null],
    ["Basic dXNlcjpwYXNz", null],
    ["Bearer", null],
    ["Bearer a b", null],
    [undefined, null],
  ])("%s → %s", (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });
});

describe("API_KEY_PATTERN", () => {
  it.each([
    [KEY, true],
    [`sb_${"a".repeat(42)}`, false],
    [`sb_${"a".repeat(44)}`, false],
    [`sk_${"a".repeat(43)}`, false],
    [`sb_${"a".repeat(42)}+`, false],
  ])("%s → %s", (key, expected) => {
    expect(API_KEY_PATTERN.test(key)).toBe(expected);
  });
});

describe("requestsPerMinuteOf (API_KEY_REQUESTS_PER_MINUTE)", () => {
  it.each([
    ["60", 60],
    [" 5 ", 5],
    ["1", 1],
    ["0", DEFAULT_API_KEY_REQUESTS_PER_MINUTE],
    ["-3", DEFAULT_API_KEY_REQUESTS_PER_MINUTE],
    ["2.5", DEFAULT_API_KEY_REQUESTS_PER_MINUTE],
    ["lots", DEFAULT_API_KEY_REQUESTS_PER_MINUTE],
    [undefined, DEFAULT_API_KEY_REQUESTS_PER_MINUTE],
  ])("%s → %s", (value, expected) => {
    expect(requestsPerMinuteOf(value)).toBe(expected);
  });
});

describe("apiKeyRates", () => {
  it("replaces the per-minute rate and keeps the hourly fair-usage rate", () => {
    const hourly = FAIR_USAGE_RATES.find((r) => r.windowSeconds === 3600);
    expect(apiKeyRates(60)).toEqual([{ limit: 60, windowSeconds: 60 }, hourly]);
  });

  it.each([
    [5, 4, null],
    [5, 5, 50],
    [60, 59, null],
    [60, 60, 50],
  ])("a key allowed %i a minute, after %i requests 10 s ago, waits %s s", (perMinute, made, expected) => {
    const now = new Date("2026-11-23T08:00:00Z");
    const recent = Array.from({ length: made }, () => new Date(now.getTime() - 10_000));
    expect(fairUsageWait(recent, now, apiKeyRates(perMinute))).toBe(expected);
  });
});
