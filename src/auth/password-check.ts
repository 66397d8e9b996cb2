// Checking a password: sign-in throttled per client, account and IP without letting others lock the owner
// out; the same work whether or not the address has an account; old hashes upgraded.
import type { Database } from "../db/client";
import { isKnownDevice } from "../db/devices";
import { clearThrottle, hitThrottle, releaseThrottle } from "../db/throttle";
import { type AccountRow, type AccountsOfEmail, setPasswordHash } from "../db/users";
import {
  KNOWN_DEVICE_SECONDS,
  REAUTH_FAILURE_LIMIT,
  SIGN_IN_ACCOUNT_FAILURE_LIMIT,
  SIGN_IN_CLIENT_FAILURE_LIMIT,
  SIGN_IN_IP_FAILURE_LIMIT,
  SIGN_IN_WINDOW_SECONDS,
} from "../domain/auth-limits";
import { retryAfterSeconds, waitInWords } from "../domain/throttle";
import { tooManyRequests } from "../errors";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";

/**
 * The counters a sign-in attempt hits. A browser known to the account (it signed in with the password
 * before) counts only its own failures. Any other client counts against itself (its IP, on this account),
 * the account (failures from clients it has never seen — distributed guessing slows to a trickle) and its
 * IP (one address spraying many accounts). So an attacker can close the account to new clients, but never
 * to the owner's browsers, and never the password change or deletion of a signed-in session.
 */
export function signInThrottleKeys(email: string, client: { ip: string } | { deviceHash: string }) {
  if ("deviceHash" in client) return { client: `sign-in:client:${email}:device:${client.deviceHash}` };
  return {
    client: `sign-in:client:${email}:ip:${client.ip}`,
    account: `sign-in:account:${email}`,
    ip: `sign-in:ip:${client.ip}`,
  };
}

function limitOf(key: string): number {
  if (key.startsWith("sign-in:account:")) return SIGN_IN_ACCOUNT_FAILURE_LIMIT;
  if (key.startsWith("sign-in:ip:")) return SIGN_IN_IP_FAILURE_LIMIT;
  return SIGN_IN_CLIENT_FAILURE_LIMIT;
}

const usable = (row: AccountRow | null): row is AccountRow & { hashedPassword: string } =>
  row !== null && !row.deleted && row.hashedPassword !== null;

/**
 * The account `password` opens among the address's verified account and unverified claim, or null.
 * Every attempt counts as a failure *before* any hash is checked — a check-then-count would let parallel
 * guesses slip through — and a success takes its counts back (and forgets the client's failures). Over a
 * limit it throws 429 without looking at the password.
 *
 * Timing: the verified account's hash (or a dummy) is checked first, then the claim's (or a dummy), so
 * every answer but a verified account's success costs two hashes — an unknown address, a wrong password
 * and a claim beside a verified account all take the same time.
 */
export async function checkSignIn(
  db: Database,
  {
    email,
    ip,
    deviceHash,
    password,
    accounts,
  }: { email: string; ip: string; deviceHash: string | null; password: string; accounts: AccountsOfEmail },
): Promise<AccountRow | null> {
  const now = new Date();
  const candidates = [accounts.verified, accounts.unverified];
  const ids = candidates.filter((row) => row !== null).map((row) => row.id);
  const since = new Date(now.getTime() - KNOWN_DEVICE_SECONDS * 1000);
  const known =
    deviceHash !== null && (await isKnownDevice(db, { tokenHash: deviceHash, userIds: ids, since }));
  const keys = signInThrottleKeys(email, known && deviceHash ? { deviceHash } : { ip });
  const all = Object.values(keys);
  const counts = await hitThrottle(db, { keys: all, windowSeconds: SIGN_IN_WINDOW_SECONDS, now });
  const wait = retryAfterSeconds(counts, { limit: limitOf, windowSeconds: SIGN_IN_WINDOW_SECONDS, now });
  if (wait !== null) {
    throw tooManyRequests(wait, `Too many failed attempts. Try again ${waitInWords(wait)}.`);
  }
  let opened: (AccountRow & { hashedPassword: string }) | null = null;
  for (const row of candidates) {
    const matches = await verifyPassword(
      password,
      usable(row) ? row.hashedPassword : await dummyPasswordHash(),
    );
    if (matches && usable(row)) {
      opened = row;
      break;
    }
  }
  if (!opened) return null;
  await clearThrottle(db, [keys.client]);
  await releaseThrottle(
    db,
    all.filter((key) => key !== keys.client),
  );
  if (needsRehash(opened.hashedPassword)) {
    await setPasswordHash(db, { userId: opened.id, hashedPassword: await hashPassword(password) });
  }
  return opened;
}

/**
 * The password typed again by a signed-in session (to change it, or to delete the account). Its failures
 * are the session's own: sign-in failures from elsewhere never lock it, and it never locks sign-in.
 */
export async function checkReauth(
  db: Database,
  { sessionId, account, password }: { sessionId: string; account: AccountRow; password: string },
): Promise<boolean> {
  const now = new Date();
  const key = `reauth:session:${sessionId}`;
  const counts = await hitThrottle(db, { keys: [key], windowSeconds: SIGN_IN_WINDOW_SECONDS, now });
  const wait = retryAfterSeconds(counts, {
    limit: REAUTH_FAILURE_LIMIT,
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) {
    throw tooManyRequests(wait, `Too many wrong passwords. Try again ${waitInWords(wait)}.`);
  }
  if (!usable(account) || !(await verifyPassword(password, account.hashedPassword))) return false;
  await clearThrottle(db, [key]);
  return true;
}
