// Sign-up as one step: the claim on the address, its first code, this browser's session and device, together.
import type { Context } from "hono";
import { rememberDevice } from "../db/devices";
import { insertSession } from "../db/sessions";
import { hitThrottle } from "../db/throttle";
import { claimEmail } from "../db/users";
import { storeCode } from "../db/verification-codes";
import { KNOWN_DEVICE_SECONDS, VERIFICATION_DAILY_WINDOW_SECONDS } from "../domain/auth-limits";
import type { Locale } from "../domain/locales";
import { cookieMaxAge, idleExpiry } from "../domain/sessions";
import type { AppEnv } from "../env";
import type { Mailer } from "../mail/mailer";
import { readDeviceCookie, setDeviceCookie, setSessionCookie } from "./cookies";
import { hashSessionToken, newSessionToken, SESSION_TOKEN_PATTERN, sha256Hex } from "./tokens";
import { mailVerificationCode, newVerificationCode, sendSignUpNotice } from "./verification";

/**
 * Claims the address for a new, unverified account and signs this browser in to it. Sign-ups for one address
 * take turns and each replaces the claim before it — its row, and with it the code and the sessions made for
 * it — so the claim's code, session and device rows are written in the claim's own transaction: an answer
 * never hands out a session of a claim that is already gone. Mail goes out after the commit.
 */
export async function signUp(
  c: Context<AppEnv>,
  {
    email,
    hashedPassword,
    mailer,
    locale,
  }: { email: string; hashedPassword: string; mailer: Mailer; locale: Locale },
): Promise<void> {
  const db = c.var.db();
  const now = new Date();
  const sessionToken = newSessionToken();
  const sessionId = await hashSessionToken(sessionToken);
  const expiresAt = idleExpiry(now, now);
  const knownToken = readDeviceCookie(c);
  const deviceToken = knownToken && SESSION_TOKEN_PATTERN.test(knownToken) ? knownToken : newSessionToken();
  const deviceHash = await sha256Hex(deviceToken);
  let code = "";
  const { account, holder } = await claimEmail(db, {
    email,
    hashedPassword,
    andThen: async (tx, claim) => {
      const fresh = await newVerificationCode(claim.id, now);
      code = fresh.code;
      await storeCode(tx, fresh.row);
      await insertSession(tx, { id: sessionId, userId: claim.id, now, expiresAt });
      await rememberDevice(tx, { tokenHash: deviceHash, userId: claim.id, now });
    },
  });
  setSessionCookie(c, sessionToken, cookieMaxAge(expiresAt, now));
  c.set("sessionId", sessionId);
  setDeviceCookie(c, deviceToken, KNOWN_DEVICE_SECONDS);
  // The first code counts against the account's daily sends like every resend.
  await hitThrottle(db, {
    keys: [`verification-send:user:${account.id}`],
    windowSeconds: VERIFICATION_DAILY_WINDOW_SECONDS,
    now,
  });
  await mailVerificationCode(db, mailer, account, code, locale);
  if (holder && !holder.deleted) await sendSignUpNotice(db, mailer, holder, locale);
}
