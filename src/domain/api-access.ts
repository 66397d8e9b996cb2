// Which API paths answer without a session: everything under /api is private unless listed here.

/**
 * A header our own client sends on the GET preference saves (SPEC §7 makes them GETs). Another site cannot
 * add it without a CORS preflight we never grant, so it proves the request came from our pages.
 */
export const APP_REQUEST_HEADER = "X-Switchboard-Request";

/**
 * Exact paths, or prefixes ending in "/*". Public-ness is by path, not method, so a wrong method on a
 * public path gets its honest 405 instead of a 401; each route still declares the methods it serves.
 */
export const PUBLIC_API_PATHS: readonly string[] = [
  "/api/health",
  "/api/login",
  "/api/login/signup",
  "/api/login/forgot",
  "/api/login/reset",
  "/api/login/providers",
  "/api/login/oauth/*",
  // Signing out answers the same with or without a valid session.
  "/api/logout",
  "/api/contact",
  // Telemetry from every page, public ones included (a session, when there is one, still names the user).
  "/api/collect",
  "/api/shared/*",
  "/api/billing/webhook",
  // An invitee reads whom an invitation is from before signing in (the token is the secret).
  "/api/team/invitation",
  // Dev-only routes are not mounted at all in production builds.
  "/api/dev/*",
];

/**
 * The public OpenAI-compatible API: authenticated by `Authorization: Bearer <key>` instead of the session,
 * so neither the session nor the same-origin check applies under it, and its errors take OpenAI's shape.
 */
export const KEY_API_PREFIX = "/api/v1";

export const isKeyApiPath = (path: string): boolean =>
  path === KEY_API_PREFIX || path.startsWith(`${KEY_API_PREFIX}/`);

/** What a signed-in account may still do before it confirms its email: verify, or delete itself. */
export const UNVERIFIED_API_PATHS: readonly string[] = [
  "/api/login/verification",
  "/api/login/verification/resend",
  "/api/login/delete",
  // Accepting a team invitation from the mailed link confirms the address it was sent to.
  "/api/team/accept",
];

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith("/*")) {
    const prefix = pattern.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length;
  }
  return path === pattern || path === `${pattern}/`;
}

export function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PATHS.some((pattern) => matches(pattern, path));
}

/** Private paths an account may call before it confirms its email (public paths need no check at all). */
export function isUnverifiedApiPath(path: string): boolean {
  return UNVERIFIED_API_PATHS.some((pattern) => matches(pattern, path));
}
