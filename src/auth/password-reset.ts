// "Forgot password": a code mailed to a verified account's address, and a new password against it. Every
// answer is the same whether or not the address has an account; requests and tries are throttled.
import type { Context } from "hono";
import type { Database } from "../db/client";
import { forgetDevices } from "../db/devices";
import { spendResetAttempt, storeResetCode, takeResetCode } from "../db/password-resets";
import { deleteUserSessions } from "../db/sessions";
import { clearThrottle, hitThrottle } from "../db/throttle";
import { findAccountsByEmail, setPasswordHash } from "../db/users";
import { VERIFICATION_CODE_LENGTH } from "../domain/account-limits";
import {
  PASSWORD_RESET_CODE_TTL_SECONDS,
  PASSWORD_RESET_MAX_ATTEMPTS,
  PASSWORD_RESET_REQUEST_WINDOW_SECONDS,
  PASSWORD_RESET_REQUESTS_PER_EMAIL,
  PASSWORD_RESET_REQUESTS_PER_IP,
  PASSWORD_RESET_RESEND_SECONDS,
  SIGN_IN_ACCOUNT_FAILURE_LIMIT,
  SIGN_IN_IP_FAILURE_LIMIT,
  SIGN_IN_WINDOW_SECONDS,
} from "../domain/auth-limits";
import type { Locale } from "../domain/locales";
import { retryAfterSeconds, waitInWords } from "../domain/throttle";
import type { AppEnv } from "../env";
import { AppError, tooManyRequests } from "../errors";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/messages";
import { rememberThisBrowser } from "./devices";
import { hashPassword } from "./password";
import { signInThrottleKeys } from "./password-check";
import { accountMailLocale } from "./saved-language";
import { startSession } from "./sessions";
import { constantTimeEqual, randomDigits, sha256Hex } from "./tokens";

const codeHash = (userId: number, code: string) => sha256Hex(`reset:${userId}:${code}`);
const later = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** One refusal for a wrong, expired, used-up or unknown code, and for an address without an account. */
const invalidCode = () =>
  new AppError(400, "verification_code_invalid", "This code is wrong or has expired. Ask for a new one.", {
    details: [{ path: "code", message: "This code is wrong or has expired." }],
  });

/** The verified, live account of an address, if any: only it can receive a code. */
async function resettable(db: Database, email: string) {
  const { verified } = await findAccountsByEmail(db, { email });
  return verified && !verified.deleted ? verified : null;
}

/**
 * Mails a code to the address when a verified account holds it. Counted per IP and per address before
 * anything is looked up, and a second request within a minute mails nothing: the answer never changes.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  { email, ip, locale }: { email: string; ip: string; locale: Locale },
): Promise<void> {
  const now = new Date();
  const ipKey = `password-reset-request:ip:${ip}`;
  const counts = await hitThrottle(db, {
    keys: [ipKey, `password-reset-request:email:${email}`],
    windowSeconds: PASSWORD_RESET_REQUEST_WINDOW_SECONDS,
    now,
  });
  const wait = retryAfterSeconds(counts, {
    limit: (key) => (key === ipKey ? PASSWORD_RESET_REQUESTS_PER_IP : PASSWORD_RESET_REQUESTS_PER_EMAIL),
    windowSeconds: PASSWORD_RESET_REQUEST_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) throw tooManyRequests(wait, `Too many requests. Try again ${waitInWords(wait)}.`);
  const account = await resettable(db, email);
  if (!account) return;
  const code = randomDigits(VERIFICATION_CODE_LENGTH);
  const stored = await storeResetCode(db, {
    userId: account.id,
    codeHash: await codeHash(account.id, code),
    now,
    expiresAt: later(now, PASSWORD_RESET_CODE_TTL_SECONDS),
    resendAfter: later(now, -PASSWORD_RESET_RESEND_SECONDS),
  });
  if (!stored) return;
  const language = await accountMailLocale(db, account.id, locale);
  try {
    await mailer.send(passwordResetMail(account.email, code, language));
  } catch (err) {
    console.error("sending the password reset code failed", err);
  }
}

/**
 * Sets the new password when `code` is the address's live code, then ends every session and forgets every
 * browser of the account (whoever held them may be why the password was forgotten — or taken) and signs
 * this browser in afresh (returns the account's id). Tries are counted like sign-in's, per address and per IP, before the code is
 * looked at; the new password is hashed first, so every answer costs the same.
 */
export async function resetPassword(
  c: Context<AppEnv>,
  { email, code, password, ip }: { email: string; code: string; password: string; ip: string },
): Promise<number> {
  const db = c.var.db();
  const now = new Date();
  const accountKey = `password-reset:account:${email}`;
  const counts = await hitThrottle(db, {
    keys: [accountKey, `password-reset:ip:${ip}`],
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
    now,
  });
  const wait = retryAfterSeconds(counts, {
    limit: (key) => (key === accountKey ? SIGN_IN_ACCOUNT_FAILURE_LIMIT : SIGN_IN_IP_FAILURE_LIMIT),
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) throw tooManyRequests(wait, `Too many attempts. Try again ${waitInWords(wait)}.`);
  const hashedPassword = await hashPassword(password);
  const account = await resettable(db, email);
  if (!account) throw invalidCode();
  const state = await spendResetAttempt(db, { userId: account.id, maxAttempts: PASSWORD_RESET_MAX_ATTEMPTS });
  if (!state || state.expiresAt <= now) throw invalidCode();
  const typed = await codeHash(account.id, code);
  if (!constantTimeEqual(typed, state.codeHash)) throw invalidCode();
  if (!(await takeResetCode(db, { userId: account.id, codeHash: typed }))) throw invalidCode();
  await setPasswordHash(db, { userId: account.id, hashedPassword });
  await deleteUserSessions(db, { userId: account.id });
  await forgetDevices(db, { userId: account.id });
  // The owner proved the address: the failures that may have locked them out are forgotten. Not the network
  // address's count over every account (sign-in:ip): proving one address says nothing of guesses at others,
  // and a reset of one's own account must not buy fresh ones.
  const { client, account: accountFailures } = signInThrottleKeys(email, { ip });
  await clearThrottle(db, [accountKey, client, ...(accountFailures ? [accountFailures] : [])]);
  await startSession(c, account.id);
  await rememberThisBrowser(c, account.id);
  return account.id;
}
