// Email verification: how many tries the live code has left, as the API tells it and the page shows it.
import { VERIFICATION_MAX_ATTEMPTS } from "./auth-limits.ts";
import type { ErrorCode } from "./error-codes.ts";

/** GET /api/login/verification. */
export interface VerificationState {
  email: string;
  verified: boolean;
  resendInSeconds: number;
  /** Tries the live code has left; 0 when only a new code helps (none sent, expired, or used up). */
  remainingAttempts: number;
}

/** The `details` of a 400 verification_code_invalid: the tries that code has left. */
export interface CodeInvalidDetails {
  remainingAttempts: number;
}

/** Tries the stored code has left at `now`: none without a code or once it expired, whatever its count. */
export function attemptsLeft(code: { attempts: number; expiresAt: Date } | null, now: Date): number {
  if (!code || code.expiresAt <= now) return 0;
  return Math.max(0, VERIFICATION_MAX_ATTEMPTS - code.attempts);
}

/** Failures after which typing another code is useless: only a new code helps. */
const DEAD_CODE = new Set<ErrorCode>([
  "verification_code_exhausted",
  "verification_code_expired",
  "verification_code_missing",
]);

/**
 * Tries left after a failed confirmation: the count a wrong code reports, 0 when the code can no longer be used,
 * null when the failure says nothing about the code (a throttle, the network).
 */
export function attemptsLeftAfter(error: { code: ErrorCode; details?: unknown }): number | null {
  if (DEAD_CODE.has(error.code)) return 0;
  if (error.code !== "verification_code_invalid") return null;
  const details = error.details;
  return details &&
    typeof details === "object" &&
    "remainingAttempts" in details &&
    typeof details.remainingAttempts === "number" &&
    details.remainingAttempts >= 0
    ? details.remainingAttempts
    : null;
}
