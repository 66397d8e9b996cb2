// Resolves the session cookie to a user, slides its idle timeout, and keeps /api routes private by default.
import { createMiddleware } from "hono/factory";
import { readSessionCookie, sessionCookieName, setSessionCookie } from "../auth/cookies";
import { hashSessionToken, SESSION_TOKEN_PATTERN } from "../auth/tokens";
import { findSessionUser, refreshSession } from "../db/sessions";
import { isPublicApiPath, isUnverifiedApiPath } from "../domain/api-access";
import { SESSION_REFRESH_SECONDS } from "../domain/auth-limits";
import { cookieMaxAge, idleExpiry, shouldRefreshSession } from "../domain/sessions";
import type { AppEnv, SessionUser } from "../env";
import { AppError, unauthorized } from "../errors";

export { hashSessionToken, sessionCookieName };

export const emailNotVerified = () =>
  new AppError(403, "email_not_verified", "Confirm your email address with the code we sent first.");

/** The signed-in user of a private route (the session middleware has already turned everyone else away). */
export function signedInUser(c: { var: AppEnv["Variables"] }): SessionUser {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
}

export const session = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    const token = readSessionCookie(c);
    // 43 chars = 256 random bits in base64url; anything else cannot be one of ours.
    if (token && SESSION_TOKEN_PATTERN.test(token)) {
      const sessionId = await hashSessionToken(token);
      const now = new Date();
      const found = await findSessionUser(c.var.db(), { sessionId, now });
      if (found) {
        c.set("user", found.user);
        c.set("sessionId", sessionId);
        if (shouldRefreshSession(found, now)) {
          const expiresAt = idleExpiry(now, found.createdAt);
          const refreshedBefore = new Date(now.getTime() - SESSION_REFRESH_SECONDS * 1000);
          if (await refreshSession(c.var.db(), { sessionId, now, expiresAt, refreshedBefore })) {
            setSessionCookie(c, token, cookieMaxAge(expiresAt, now));
          }
        }
      }
    }
    const { path } = c.req;
    // Pages the Worker serves itself (the shared page's form) decide what a missing session means.
    if (path.startsWith("/api/") && !isPublicApiPath(path)) {
      if (!c.var.user) throw unauthorized();
      // Until the email is confirmed the account may only finish verification, sign out or go away.
      if (!c.var.user.verified && !isUnverifiedApiPath(path)) throw emailNotVerified();
    }
    return next();
  });
