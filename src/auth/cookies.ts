// The session cookie and the short-lived OAuth cookies: always HttpOnly, Secure, SameSite=Lax.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { SIGNED_IN_HINT_COOKIE } from "../domain/sessions";
import type { AppEnv, Env } from "../env";

const isProduction = (env: Pick<Env, "APP_ENV">) => env.APP_ENV === "production";

/**
 * `__Host-` binds the cookie to our exact origin over HTTPS (no Domain, Path=/). Plain http://localhost
 * in dev cannot use the prefix, so other environments use a plain name with the same flags.
 */
export const sessionCookieName = (env: Pick<Env, "APP_ENV">) =>
  isProduction(env) ? "__Host-session" : "session";

// Browsers accept Secure cookies from http://localhost, so Secure holds everywhere.
const BASE: CookieOptions = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" };

/**
 * Beside the session, a hint the public pages can read (they never ask the API who is signed in): it opens
 * nothing and only swaps "Sign in" for "Open app" in the header (SIGNED_IN_HINT_COOKIE).
 */
const HINT: CookieOptions = { secure: true, sameSite: "Lax", path: "/" };

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAgeSeconds: number) {
  setCookie(c, sessionCookieName(c.env), token, { ...BASE, maxAge: maxAgeSeconds });
  setCookie(c, SIGNED_IN_HINT_COOKIE, "1", { ...HINT, maxAge: maxAgeSeconds });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, sessionCookieName(c.env), BASE);
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, HINT);
}

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, sessionCookieName(c.env));

/**
 * The device cookie: a random token naming this browser, which the `known_device` table ties to the
 * accounts it signed in to with their password. It opens nothing by itself; it only spares the browser
 * the per-account sign-in limit that others' failures fill (src/auth/password-check.ts).
 */
const deviceCookieName = (env: Pick<Env, "APP_ENV">) => (isProduction(env) ? "__Host-device" : "device");

export const readDeviceCookie = (c: Context<AppEnv>) => getCookie(c, deviceCookieName(c.env));

export function setDeviceCookie(c: Context<AppEnv>, token: string, maxAgeSeconds: number) {
  setCookie(c, deviceCookieName(c.env), token, { ...BASE, maxAge: maxAgeSeconds });
}

/** The OAuth state, PKCE verifier and return path live only for the round trip to the provider. */
const OAUTH_COOKIES = ["oauth_state", "oauth_verifier", "oauth_return"] as const;
type OauthCookie = (typeof OAUTH_COOKIES)[number];

const oauthCookieName = (env: Pick<Env, "APP_ENV">, name: OauthCookie) =>
  isProduction(env) ? `__Host-${name}` : name;

export function setOauthCookies(
  c: Context<AppEnv>,
  values: Record<OauthCookie, string>,
  maxAgeSeconds: number,
) {
  for (const name of OAUTH_COOKIES) {
    setCookie(c, oauthCookieName(c.env, name), values[name], { ...BASE, maxAge: maxAgeSeconds });
  }
}

export function takeOauthCookies(c: Context<AppEnv>): Partial<Record<OauthCookie, string>> {
  const values: Partial<Record<OauthCookie, string>> = {};
  for (const name of OAUTH_COOKIES) {
    const cookie = oauthCookieName(c.env, name);
    values[name] = getCookie(c, cookie);
    // One use only: a replayed callback finds no state.
    deleteCookie(c, cookie, BASE);
  }
  return values;
}
