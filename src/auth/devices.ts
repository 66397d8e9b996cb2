// This browser's device cookie: known to the accounts it signed in to with their password.
import type { Context } from "hono";
import { rememberDevice } from "../db/devices";
import { KNOWN_DEVICE_SECONDS } from "../domain/auth-limits";
import type { AppEnv } from "../env";
import { readDeviceCookie, setDeviceCookie } from "./cookies";
import { newSessionToken, SESSION_TOKEN_PATTERN, sha256Hex } from "./tokens";

/** The SHA-256 of the browser's device token, or null without a well-formed one. */
export async function deviceTokenHash(c: Context<AppEnv>): Promise<string | null> {
  const token = readDeviceCookie(c);
  return token && SESSION_TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
}

/** Marks this browser as known to the account (a new token if it has none) and renews its cookie. */
export async function rememberThisBrowser(c: Context<AppEnv>, userId: number): Promise<string> {
  const current = readDeviceCookie(c);
  const token = current && SESSION_TOKEN_PATTERN.test(current) ? current : newSessionToken();
  const tokenHash = await sha256Hex(token);
  await rememberDevice(c.var.db(), { tokenHash, userId, now: new Date() });
  setDeviceCookie(c, token, KNOWN_DEVICE_SECONDS);
  return tokenHash;
}
