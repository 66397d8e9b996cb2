// Email normalisation and password rules: length, blank or repeated, the 1,000 most common with suffixes refused.
import { describe, expect, it } from "vitest";
import {
  looksLikeEmail,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  passwordLengthProblem,
} from "../../src/domain/account-limits";
import {
  emailSchema,
  newPasswordSchema,
  passwordProblem,
  verificationCodeSchema,
} from "../../src/domain/account-schemas";
import { COMMON_PASSWORDS, isCommonPassword } from "../../src/domain/common-passwords";

describe("looksLikeEmail", () => {
  // The team form names the first entry that is not an address; it must never refuse one the Worker takes.
  it.each([
    ["ana@example.test", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["NOT", false],
    ["AN", false],
    ["ana@", false],
    ["@example.test", false],
    ["ana@example", false],
    ["ana@@example.test", false],
    ["ana@example.", false],
    ["ana@.test", false],
    ["ana,bo@example.test", false],
  ])("%j → %s", (entry, expected) => {
    expect(looksLikeEmail(entry)).toBe(expected);
    if (!expected) expect(emailSchema.safeParse(entry).success).toBe(false);
  });
});

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
    // Blank or one character repeated: long enough, guessed first.
    [" ".repeat(10), "too_simple"],
    [" \t \n \u00a0 \u200b  ", "too_simple"],
    ["aaaaaaaaaa", "too_simple"],
    ["AaAaAaAaAa", "too_simple"],
    ["1111111111111", "too_simple"],
    ["!!!!!!!!!!", "too_simple"],
    // A common password with what people add to reach the length: digits, a year, symbols, spaces.
    ["password123", "too_common"],
    ["password1234", "too_common"],
    ["Password123!", "too_common"],
    ["PASSWORD2024", "too_common"],
    ["qwerty123456", "too_common"],
    ["iloveyou 2024", "too_common"],
    ["dragon!!!!!!", "too_common"],
    ["letmein2023!", "too_common"],
    ["123456!!!!", "too_common"],
    ["1234562024", "too_common"],
    ["abc12399!!", "too_common"],
    ["jordan23!!", "too_common"],
    ["superman-1985", "too_common"],
    // Good passwords that merely contain a common word or digits still pass.
    ["a fine long passphrase", null],
    ["correct horse battery staple", null],
    ["password manager rocks", null],
    ["dragonfly-2024", null],
    ["monkey business 42", null],
    ["1234 Main Street Apt 5", null],
    ["Tr0ub4dor&3xyz", null],
    ["  spaced out phrase  ", null],
    ["aaaaaaaaab", null],
    ["2000583920", null],
    ["überall grün 2024", null],
    [`${"x".repeat(PASSWORD_MAX_LENGTH - 1)}y`, null],
  ] as const)("%j → %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
    // The forms say the length's problems before asking, with the Worker's own limits.
    const length = passwordLengthProblem(password);
    expect(length).toBe(problem === "too_short" || problem === "too_long" ? problem : null);
  });

  it("refuses every one of the 1,000 most common passwords, one way or another", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(998);
    for (const password of COMMON_PASSWORDS) expect(passwordProblem(password)).not.toBeNull();
    expect(isCommonPassword("Password")).toBe(true);
  });

  it.each([
    ["short", "at least 10"],
    [" ".repeat(12), "only spaces or one character repeated"],
    ["password123!", "most common"],
  ])("the schema turns the problem of %j into its message", (password, message) => {
    const result = newPasswordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
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
