// Sending and checking the 6-digit email-verification code, with daily caps; the owner's notice of a
// sign-up attempt with their address.
import type { Database } from "../db/client";
import { hitThrottle, releaseThrottle } from "../db/throttle";
import { findVerifiedHolder, markVerified } from "../db/users";
import { findCode, spendAttempt, storeCode } from "../db/verification-codes";
import { VERIFICATION_CODE_LENGTH } from "../domain/account-limits";
import {
  SIGN_UP_NOTICE_WINDOW_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT,
  VERIFICATION_DAILY_ATTEMPTS_PER_IP,
  VERIFICATION_DAILY_SENDS_PER_ACCOUNT,
  VERIFICATION_DAILY_WINDOW_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_SECONDS,
} from "../domain/auth-limits";
import type { AccountErrorCode } from "../domain/error-codes";
import type { Locale } from "../domain/locales";
import { retryAfterSeconds, waitInWords } from "../domain/throttle";
import type { CodeInvalidDetails } from "../domain/verification";
import { AppError, tooManyRequests } from "../errors";
import type { Mailer } from "../mail/mailer";
import { signUpNoticeMail, verificationMail } from "../mail/messages";
import { accountMailLocale } from "./saved-language";
import { constantTimeEqual, randomDigits, sha256Hex } from "./tokens";

const codeHash = (userId: number, code: string) => sha256Hex(`${userId}:${code}`);
const later = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** A brand-new code for `userId`: the digits to mail and the row to store (only its hash). */
export async function newVerificationCode(userId: number, now: Date) {
  const code = randomDigits(VERIFICATION_CODE_LENGTH);
  return {
    code,
    row: {
      userId,
      codeHash: await codeHash(userId, code),
      now,
      expiresAt: later(now, VERIFICATION_CODE_TTL_SECONDS),
      resendAfter: later(now, -VERIFICATION_RESEND_SECONDS),
    },
  };
}

/** Mails a code, unless a verified account holds the address (then the claim's code goes to nobody). */
export async function mailVerificationCode(
  db: Database,
  mailer: Mailer,
  account: { id: number; email: string },
  code: string,
  locale: Locale,
): Promise<void> {
  const holder = await findVerifiedHolder(db, { email: account.email });
  if (holder && holder.id !== account.id) return;
  try {
    await mailer.send(verificationMail(account.email, code, locale));
  } catch (err) {
    console.error("sending the verification code failed", err);
  }
}

/** Seconds before another code may be sent (0 when it may be sent now). */
export function resendWait(sentAt: Date | null, now: Date): number {
  if (!sentAt) return 0;
  return Math.max(
    0,
    Math.ceil((later(sentAt, VERIFICATION_RESEND_SECONDS).getTime() - now.getTime()) / 1000),
  );
}

export type SendResult =
  | { sent: true }
  | { sent: false; retryAfter: number; reason: "too_soon" | "daily_cap" };

/**
 * Stores a new code and mails it, unless one went out less than a minute ago or the day's codes are spent:
 * then the seconds to wait. A claim beside a verified account gets a code too — so that every answer looks
 * the same — but it is mailed to nobody: the address belongs to someone else. A mail failure is logged,
 * not thrown: the account exists either way and the code can be sent again.
 */
export async function sendVerificationCode(
  db: Database,
  mailer: Mailer,
  account: { id: number; email: string },
  locale: Locale,
): Promise<SendResult> {
  const now = new Date();
  const sendKey = `verification-send:user:${account.id}`;
  const counts = await hitThrottle(db, {
    keys: [sendKey],
    windowSeconds: VERIFICATION_DAILY_WINDOW_SECONDS,
    now,
  });
  const capped = retryAfterSeconds(counts, {
    limit: VERIFICATION_DAILY_SENDS_PER_ACCOUNT,
    windowSeconds: VERIFICATION_DAILY_WINDOW_SECONDS,
    now,
  });
  if (capped !== null) return { sent: false, retryAfter: capped, reason: "daily_cap" };
  const { code, row } = await newVerificationCode(account.id, now);
  const stored = await storeCode(db, row);
  if (!stored) {
    await releaseThrottle(db, [sendKey]);
    const current = await findCode(db, account.id);
    return {
      sent: false,
      retryAfter: Math.max(1, resendWait(current?.sentAt ?? null, now)),
      reason: "too_soon",
    };
  }
  await mailVerificationCode(db, mailer, account, code, locale);
  return { sent: true };
}

/**
 * Tells the owner of an address that someone tried to sign up with it — at most once an hour, so a
 * stream of attempts does not become a stream of mail.
 */
export async function sendSignUpNotice(
  db: Database,
  mailer: Mailer,
  owner: { id: number; email: string },
  locale: Locale,
): Promise<void> {
  const [count] = await hitThrottle(db, {
    keys: [`sign-up-notice:${owner.email}`],
    windowSeconds: SIGN_UP_NOTICE_WINDOW_SECONDS,
    now: new Date(),
  });
  if ((count?.count ?? 1) > 1) return;
  // The owner did not make this request: their own language, when they saved one.
  const language = await accountMailLocale(db, owner.id, locale);
  try {
    await mailer.send(signUpNoticeMail(owner.email, language));
  } catch (err) {
    console.error("sending the sign-up notice failed", err);
  }
}

const codeError = (code: AccountErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, { details });

/**
 * Tries per account and per client IP per day, counted before the code is looked at: five tries per code
 * and a new code a minute would otherwise allow thousands of guesses a day. Returns the address's key.
 */
async function countDailyTry(db: Database, { userId, ip }: { userId: number; ip: string }) {
  const now = new Date();
  const accountKey = `verification-try:user:${userId}`;
  const ipKey = `verification-try:ip:${ip}`;
  const counts = await hitThrottle(db, {
    keys: [accountKey, ipKey],
    windowSeconds: VERIFICATION_DAILY_WINDOW_SECONDS,
    now,
  });
  const wait = retryAfterSeconds(counts, {
    limit: (key) =>
      key === accountKey ? VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT : VERIFICATION_DAILY_ATTEMPTS_PER_IP,
    windowSeconds: VERIFICATION_DAILY_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) {
    throw tooManyRequests(wait, `Too many codes tried today. Try again ${waitInWords(wait)}.`);
  }
  return ipKey;
}

/**
 * Confirms the account when `code` is its live code; each try counts, and the fifth wrong one ends the
 * code. A claim beside a verified account is never confirmed: its right code answers like a wrong one.
 */
export async function confirmVerificationCode(
  db: Database,
  { userId, ip, code }: { userId: number; ip: string; code: string },
): Promise<void> {
  const ipKey = await countDailyTry(db, { userId, ip });
  const now = new Date();
  const state = await spendAttempt(db, { userId, maxAttempts: VERIFICATION_MAX_ATTEMPTS });
  if (!state) {
    const current = await findCode(db, userId);
    if (!current) throw codeError("verification_code_missing", "No code is waiting: ask for a new one.");
    throw codeError("verification_code_exhausted", "Too many wrong codes. Ask for a new one.");
  }
  if (state.expiresAt <= now)
    throw codeError("verification_code_expired", "This code has expired. Ask for a new one.");
  const right = constantTimeEqual(await codeHash(userId, code), state.codeHash);
  if (!right || !(await markVerified(db, { userId }))) {
    const remainingAttempts = VERIFICATION_MAX_ATTEMPTS - state.attempts;
    const message =
      remainingAttempts > 0
        ? `Wrong code. ${remainingAttempts} ${remainingAttempts === 1 ? "try" : "tries"} left.`
        : "Wrong code, and no tries left. Ask for a new one.";
    throw codeError("verification_code_invalid", message, { remainingAttempts } satisfies CodeInvalidDetails);
  }
  // The address's cap is for guesses: a right code takes its try back, or one office's sign-ups (one address
  // behind its router) would use up the day's tries of everyone there.
  await releaseThrottle(db, [ipKey]);
}
