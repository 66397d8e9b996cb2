// Email normalisation and password rules: length, and the 1,000 most common passwords refused.
import { describe, expect, it } from "vitest";
import { normalizeEmail, PASSWORD_MAX_LENGTH } from "../../src/domain/account-limits";
import {
  emailSchema,
  newPasswordSchema,
  passwordProblem,
  verificationCodeSchema,
} from "../../src/domain/account-schemas";
import { COMMON_PASSWORDS, isCommonPassword } from "../../src/domain/common-passwords";

describe("passwordProblem", () => {
  it.each([
    ["abcdefghi", "too_short"],
    ["", "too_short"],
    ["x".repeat(PASSWORD_MAX_LENGTH + 1), "too_long"],
    ["qwertyuiop", "too_common"],
    ["QWERTYUIOP", "too_common"],
    ["1234567890", "too_common"],
    ["1q2w3e4r5t", "too_common"],
    ["4815162342", "too_common"],
    ["a fine long passphrase", null],
    ["x".repeat(PASSWORD_MAX_LENGTH), null],
  ] as const)("%j → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("refuses every one of the 1,000 most common passwords, one way or another", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(998);
    for (const password of COMMON_PASSWORDS) expect(passwordProblem(password)).not.toBeNull();
    expect(isCommonPassword("Password")).toBe(true);
  });

  it("the schema turns a problem into its message", () => {
    const result = newPasswordSchema.safeParse("short");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("at least 10");
  });
});

describe("emails", () => {
  it.each([
    ["  Someone@Example.COM ", "someone@example.com"],
    ["a@b.co", "a@b.co"],
  ])("%j is stored as %j", (input, stored) => {
    expect(normalizeEmail(input)).toBe(stored);
    expect(emailSchema.parse(input)).toBe(stored);
  });

  it.each([["no-at-sign"], ["a@"], [""], [`${"a".repeat(195)}@b.com`]])("%j is refused", (input) => {
    expect(emailSchema.safeParse(input).success).toBe(false);
  });

  it("200 characters are allowed", () => {
    const email = `${"a".repeat(194)}@b.com`;
    expect(email).toHaveLength(200);
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
});

describe("verification codes", () => {
  it.each([
    ["123456", true],
    [" 123456 ", true],
    ["12345", false],
    ["1234567", false],
    ["12a456", false],
  ])("%j valid %s", (code, valid) => {
    expect(verificationCodeSchema.safeParse(code).success).toBe(valid);
  });
});
