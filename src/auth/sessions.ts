// Starting and ending sessions: a fresh random token per sign-in, only its SHA-256 stored.
import type { Context } from "hono";
import { deleteSession, insertSession } from "../db/sessions";
import { cookieMaxAge, idleExpiry } from "../domain/sessions";
import type { AppEnv } from "../env";
import { clearSessionCookie, setSessionCookie } from "./cookies";
import { hashSessionToken, newSessionToken } from "./tokens";

/**
 * Signs the browser in as `userId` with a brand-new session. Whatever session the request carried ends,
 * so a token planted before sign-in (session fixation) or left from another account opens nothing.
 */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const db = c.var.db();
  const now = new Date();
  const token = newSessionToken();
  const id = await hashSessionToken(token);
  const expiresAt = idleExpiry(now, now);
  if (c.var.sessionId) await deleteSession(db, c.var.sessionId);
  await insertSession(db, { id, userId, now, expiresAt });
  setSessionCookie(c, token, cookieMaxAge(expiresAt, now));
  c.set("sessionId", id);
}

/** Deletes the request's session row and tells the browser to drop the cookie. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  if (c.var.sessionId) await deleteSession(c.var.db(), c.var.sessionId);
  clearSessionCookie(c);
  c.set("sessionId", null);
  c.set("user", null);
}
