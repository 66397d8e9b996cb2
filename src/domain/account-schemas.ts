// The Worker's schemas for emails, passwords and verification codes (zod and the common-password list).
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLengthProblem,
  VERIFICATION_CODE_LENGTH,
} from "./account-limits.ts";
import { isCommonPassword } from "./common-passwords.ts";

export type PasswordProblem = "too_short" | "too_long" | "too_simple" | "too_common";

export const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  too_short: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  too_long: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  too_simple: "The password cannot be only spaces or one character repeated.",
  too_common:
    "This password is one of the most common ones, or one of them with digits or symbols added. Choose another.",
};

/**
 * Blank (spaces, tabs, invisible characters) or one character over and over: ten of them pass the length
 * rule but are among the first guesses of any attacker.
 */
const BLANK = /^[\s\p{Cc}\p{Cf}]*$/u;
const isTooSimple = (password: string): boolean =>
  BLANK.test(password) || new Set(password.toLowerCase()).size === 1;

export function passwordProblem(password: string): PasswordProblem | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isTooSimple(password)) return "too_simple";
  if (isCommonPassword(password)) return "too_common";
  return null;
}

/**
 * A string field whose refusal says which of the two went wrong: missing ("… is required.") or of another
 * type ("… must be a string."), so `{"email": 123}` is not told that its email is missing.
 */
export const requiredString = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a string.`),
  });

export const emailSchema = requiredString("The email")
  .trim()
  .toLowerCase()
  .min(1, "The email is required.")
  .max(EMAIL_MAX_LENGTH, `The email must have at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email("The email is not a valid address."));

/** A password being chosen: every rule applies. */
export const newPasswordSchema = requiredString("The password").superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: PASSWORD_PROBLEM_MESSAGES[problem] });
});

/** A password being checked: only its shape, so the answer says nothing about the rules it met. */
export const currentPasswordSchema = requiredString("The password")
  .min(1, "The password is required.")
  .max(PASSWORD_MAX_LENGTH, `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);

export const verificationCodeSchema = requiredString("The code")
  .trim()
  .regex(/^\d{6}$/, `The code is the ${VERIFICATION_CODE_LENGTH} digits sent by email.`);
