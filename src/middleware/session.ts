// Resolves the session cookie to a user and keeps every /api route private unless it is on the allow-list.
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { findSessionUser } from "../db/sessions";
import { isPublicApiPath } from "../domain/api-access";
import type { AppEnv, Env } from "../env";
import { unauthorized } from "../errors";

/** `__Host-` binds the cookie to our exact origin over HTTPS; plain http://localhost in dev cannot use it. */
export const sessionCookieName = (env: Pick<Env, "APP_ENV">) =>
  env.APP_ENV === "production" ? "__Host-session" : "session";

/** The cookie holds a random token; the table holds only its SHA-256, so a leaked table opens no session. */
export async function hashSessionToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const session = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    const token = getCookie(c, sessionCookieName(c.env));
    // 43 chars = 256 random bits in base64url; anything else cannot be one of ours.
    if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
      const sessionId = await hashSessionToken(token);
      const found = await findSessionUser(c.var.db(), { sessionId, now: new Date() });
      if (found) {
        c.set("user", found.user);
        c.set("sessionId", sessionId);
      }
    }
    if (!c.var.user && !isPublicApiPath(c.req.path)) throw unauthorized();
    return next();
  });
