// Sending and checking the 6-digit email-verification code.
import type { Database } from "../db/client";
import { markVerified } from "../db/users";
import { findCode, spendAttempt, storeCode } from "../db/verification-codes";
import { VERIFICATION_CODE_LENGTH } from "../domain/account-limits";
import {
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
} from "../domain/auth-limits";
import type { AccountErrorCode } from "../domain/error-codes";
import { AppError } from "../errors";
import type { Mailer } from "../mail/mailer";
import { verificationMail } from "../mail/messages";
import { constantTimeEqual, randomDigits, sha256Hex } from "./tokens";

const codeHash = (userId: number, code: string) => sha256Hex(`${userId}:${code}`);
const later = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** Seconds before another code may be sent (0 when it may be sent now). */
export function resendWait(sentAt: Date | null, now: Date): number {
  if (!sentAt) return 0;
  return Math.max(
    0,
    Math.ceil((later(sentAt, VERIFICATION_RESEND_SECONDS).getTime() - now.getTime()) / 1000),
  );
}

/**
 * Stores a new code and mails it, unless one went out less than a minute ago: then the seconds to wait.
 * A mail failure is logged, not thrown: the account exists either way and the code can be sent again.
 */
export async function sendVerificationCode(
  db: Database,
  mailer: Mailer,
  account: { id: number; email: string },
): Promise<{ sent: true } | { sent: false; retryAfter: number }> {
  const now = new Date();
  const code = randomDigits(VERIFICATION_CODE_LENGTH);
  const stored = await storeCode(db, {
    userId: account.id,
    codeHash: await codeHash(account.id, code),
    now,
    expiresAt: later(now, VERIFICATION_CODE_TTL_SECONDS),
    resendAfter: later(now, -VERIFICATION_RESEND_SECONDS),
  });
  if (!stored) {
    const current = await findCode(db, account.id);
    return { sent: false, retryAfter: Math.max(1, resendWait(current?.sentAt ?? null, now)) };
  }
  try {
    await mailer.send(verificationMail(account.email, code));
  } catch (err) {
    console.error("sending the verification code failed", err);
  }
  return { sent: true };
}

const codeError = (code: AccountErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, { details });

/** Confirms the account when `code` is its live code; each try counts, and the fifth wrong one ends the code. */
export async function confirmVerificationCode(db: Database, userId: number, code: string): Promise<void> {
  const now = new Date();
  const state = await spendAttempt(db, { userId, maxAttempts: VERIFICATION_MAX_ATTEMPTS });
  if (!state) {
    const current = await findCode(db, userId);
    if (!current) throw codeError("verification_code_missing", "No code is waiting: ask for a new one.");
    throw codeError("verification_code_exhausted", "Too many wrong codes. Ask for a new one.");
  }
  if (state.expiresAt <= now)
    throw codeError("verification_code_expired", "This code has expired. Ask for a new one.");
  if (!constantTimeEqual(await codeHash(userId, code), state.codeHash)) {
    const remainingAttempts = VERIFICATION_MAX_ATTEMPTS - state.attempts;
    const message =
      remainingAttempts > 0
        ? `Wrong code. ${remainingAttempts} ${remainingAttempts === 1 ? "try" : "tries"} left.`
        : "Wrong code, and no tries left. Ask for a new one.";
    throw codeError("verification_code_invalid", message, { remainingAttempts });
  }
  await markVerified(db, { userId });
}
