// Email verification: the tries a code has left, from its stored count and from a failed confirmation.
import { describe, expect, it } from "vitest";
import { attemptsLeft, attemptsLeftAfter } from "../../src/domain/verification";

const now = new Date("2026-11-23T08:00:00Z");
const later = new Date(now.getTime() + 60_000);

describe("the tries a stored code has left", () => {
  it.each([
    ["a fresh code", { attempts: 0, expiresAt: later }, 5],
    ["after two wrong tries", { attempts: 2, expiresAt: later }, 3],
    ["after the fifth", { attempts: 5, expiresAt: later }, 0],
    ["an expired code, tries or not", { attempts: 0, expiresAt: now }, 0],
    ["no code", null, 0],
  ] as const)("%s: %i", (_label, code, left) => {
    expect(attemptsLeft(code, now)).toBe(left);
  });
});

describe("the tries left after a failed confirmation", () => {
  it.each([
    ["a wrong code", { code: "verification_code_invalid", details: { remainingAttempts: 4 } }, 4],
    ["the last wrong try", { code: "verification_code_invalid", details: { remainingAttempts: 0 } }, 0],
    ["a wrong code that does not say", { code: "verification_code_invalid" }, null],
    [
      "a count that is not one",
      { code: "verification_code_invalid", details: { remainingAttempts: "4" } },
      null,
    ],
    ["used up", { code: "verification_code_exhausted" }, 0],
    ["expired", { code: "verification_code_expired" }, 0],
    ["no code waiting", { code: "verification_code_missing" }, 0],
    ["a throttle says nothing of the code", { code: "too_many_requests" }, null],
  ] as const)("%s", (_label, error, left) => {
    expect(attemptsLeftAfter(error)).toBe(left);
  });
});
