// Checking a password against an account: throttled, same work for unknown accounts, upgrading old hashes.

import type { Database } from "../db/client";
import { clearThrottle, hitThrottle, releaseThrottle } from "../db/throttle";
import type { AccountRow } from "../db/users";
import { setPasswordHash } from "../db/users";
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_SECONDS } from "../domain/auth-limits";
import { retryAfterSeconds } from "../domain/throttle";
import { tooManyRequests } from "../errors";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "./password";

export const signInThrottleKeys = (email: string, ip: string) => ({
  email: `sign-in:email:${email}`,
  ip: `sign-in:ip:${ip}`,
});

/**
 * True when `password` opens `account` (null, deleted or password-less accounts never open). Every call
 * counts as a failure for the email and the IP *before* the hash is checked — a check-then-count would
 * let parallel guesses slip through — and a success takes its count back. Over the limit it throws 429
 * without looking at the password. Unknown accounts are checked against a dummy hash so both answers take
 * the same time.
 */
export async function checkPassword(
  db: Database,
  {
    email,
    ip,
    password,
    account,
  }: { email: string; ip: string; password: string; account: AccountRow | null },
): Promise<boolean> {
  const now = new Date();
  const keys = signInThrottleKeys(email, ip);
  const counts = await hitThrottle(db, {
    keys: [keys.email, keys.ip],
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
    now,
  });
  const wait = retryAfterSeconds(counts, {
    limit: SIGN_IN_FAILURE_LIMIT,
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw tooManyRequests(
      wait,
      `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  const usable = account !== null && !account.deleted && account.hashedPassword !== null;
  const stored = usable && account.hashedPassword ? account.hashedPassword : DUMMY_PASSWORD_HASH;
  const matches = await verifyPassword(password, stored);
  if (!usable || !matches) return false;
  await clearThrottle(db, [keys.email]);
  await releaseThrottle(db, [keys.ip]);
  if (needsRehash(stored))
    await setPasswordHash(db, { userId: account.id, hashedPassword: await hashPassword(password) });
  return true;
}
