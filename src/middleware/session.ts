// Resolves the session cookie to a user, slides its idle timeout, and keeps /api routes private by default.
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { readSessionCookie, sessionCookieName, setSessionCookie } from "../auth/cookies";
import { hashSessionToken, SESSION_TOKEN_PATTERN } from "../auth/tokens";
import { type FoundSession, findSessionUser, refreshSession } from "../db/sessions";
import { isPublicApiPath, isUnverifiedApiPath } from "../domain/api-access";
import { OPEN_CHAT_PAGE } from "../domain/app-routes";
import { SESSION_REFRESH_SECONDS } from "../domain/auth-limits";
import { cookieMaxAge, idleExpiry, shouldRefreshSession } from "../domain/sessions";
import type { AppEnv, DeferredSession, SessionUser } from "../env";
import { AppError, unauthorized } from "../errors";

export { hashSessionToken, sessionCookieName };

export const emailNotVerified = () =>
  new AppError(403, "email_not_verified", "Confirm your email address with the code we sent first.");

/** The signed-in user of a private route (the session middleware has already turned everyone else away). */
export function signedInUser(c: { var: AppEnv["Variables"] }): SessionUser {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
}

/** Who a route's statement acts for: the session left to it (see below), or the user checked here. */
export const sessionOrUser = (c: {
  var: AppEnv["Variables"];
}): { userId: number } | { session: DeferredSession } =>
  c.var.deferredSession ? { session: c.var.deferredSession } : { userId: signedInUser(c).id };

/**
 * Sending a message, preparing a new chat, stopping an answer, a reader attaching to a chat's live answer,
 * opening a chat (the app's read of it, and its page's first frame), the user object, the sidebar's
 * assistants and chats: their one statement checks the session itself (src/db/session-check.ts), over the
 * HTTP endpoint, so none of them waits for a connection and a lookup of its own (quick search checks it in a
 * statement of its own there, before its search). Every other route is checked here, before it runs.
 */
const SESSION_IN_STATEMENT: ReadonlySet<string> = new Set([
  "POST /api/chat/new",
  "POST /api/chat/send",
  "POST /api/chat/prepare",
  "POST /api/chat/stop",
  "GET /api/login/user",
  "GET /api/assistants/all",
  "POST /api/assistants/chats",
  "POST /api/search",
]);
const CHAT_READ_PATH = /^\/api\/chat\/\d+(\/stream)?$/;

const sessionInStatement = (method: string, path: string) =>
  SESSION_IN_STATEMENT.has(`${method} ${path}`) ||
  (method === "GET" && (CHAT_READ_PATH.test(path) || OPEN_CHAT_PAGE.test(path)));

type Ctx = Context<AppEnv>;

export const session = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", null);
    c.set("sessionId", null);
    c.set("deferredSession", null);
    const token = readSessionCookie(c);
    // 43 chars = 256 random bits in base64url; anything else cannot be one of ours.
    const ours = token && SESSION_TOKEN_PATTERN.test(token) ? token : null;
    const { path } = c.req;
    if (ours && sessionInStatement(c.req.method, path)) return deferred(c, next, ours);
    if (ours) {
      const sessionId = await hashSessionToken(ours);
      const now = new Date();
      const found = await findSessionUser(c.var.db(), { sessionId, now });
      if (found) {
        adopt(c, sessionId, found);
        await refreshWhenDue(c, ours, sessionId, found, now);
      }
    }
    guard(c);
    return next();
  });

function adopt(c: Ctx, sessionId: string, found: FoundSession) {
  c.set("user", found.user);
  c.set("sessionId", sessionId);
}

/** 401 without a user, 403 for an unverified one: what a private /api path answers before it runs. */
function guard(c: Ctx) {
  const { path } = c.req;
  // Pages the Worker serves itself (the shared page's form) decide what a missing session means.
  if (path.startsWith("/api/") && !isPublicApiPath(path)) {
    if (!c.var.user) throw unauthorized();
    // Until the email is confirmed the account may only finish verification, sign out or go away.
    if (!c.var.user.verified && !isUnverifiedApiPath(path)) throw emailNotVerified();
  }
}

async function refreshWhenDue(c: Ctx, token: string, sessionId: string, found: FoundSession, now: Date) {
  if (!shouldRefreshSession(found, now)) return;
  const expiresAt = idleExpiry(now, found.createdAt);
  const refreshedBefore = new Date(now.getTime() - SESSION_REFRESH_SECONDS * 1000);
  if (await refreshSession(c.var.db(), { sessionId, now, expiresAt, refreshedBefore })) {
    setSessionCookie(c, token, cookieMaxAge(expiresAt, now));
  }
}

/**
 * A send route's session, left to its statement: the route answers exactly what it would have after the
 * middleware's check (401, 403, or its own answer), and the session slides once the answer has started.
 */
async function deferred(c: Ctx, next: Next, token: string) {
  const sessionId = await hashSessionToken(token);
  const now = new Date();
  // undefined until something has checked the session; null when it is not a live one.
  let checked: FoundSession | null | undefined;
  const settle = (found: FoundSession | null): SessionUser | null => {
    checked = found;
    if (found) adopt(c, sessionId, found);
    guard(c);
    return c.var.user;
  };
  const find = () => findSessionUser(c.var.db(), { sessionId, now });
  const lookUp = async () => {
    settle(await find());
    return signedInUser(c);
  };
  c.set("deferredSession", { sessionId, now, settle, lookUp } satisfies DeferredSession);
  await next();
  // An open chat's page goes out with its head before its frame's read has checked the session: a page
  // refuses nobody, and the app's own requests slide the session.
  if (!c.req.path.startsWith("/api/")) return;
  // The route failed before any statement checked the session (an invalid body, an unknown model): without
  // a live session the answer is still the 401 or 403 the check would have given first.
  if (checked === undefined) settle(await find());
  if (checked) await refreshWhenDue(c, token, sessionId, checked, now);
}
