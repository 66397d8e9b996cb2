// Rejects cross-site requests that change state: Hono's csrf() only guards form posts, and our API takes JSON.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { APP_REQUEST_HEADER } from "../domain/api-access";
import type { AppEnv } from "../env";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const crossSite = () => forbidden("Cross-site requests are not allowed.");

/** The app's own origin and the ALLOWED_ORIGINS extras. */
function allowedOrigins(c: Context<AppEnv>): Set<string> {
  const allowed = new Set([new URL(c.req.url).origin]);
  for (const extra of (c.env.ALLOWED_ORIGINS ?? "").split(",")) if (extra.trim()) allowed.add(extra.trim());
  return allowed;
}

/** `Sec-Fetch-Site` when the browser sent it: a page of another site started the request. */
function browserSaysCrossSite(c: Context<AppEnv>): boolean {
  const site = c.req.header("Sec-Fetch-Site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}

function originOfReferer(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export const sameOrigin = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Webhooks are called server to server and authenticate by signature instead.
    if (c.req.path === "/api/billing/webhook") return next();
    if (browserSaysCrossSite(c)) throw crossSite();
    const origin = c.req.header("Origin");
    if (origin !== undefined && !allowedOrigins(c).has(origin)) throw crossSite();
    // A request with neither header does not come from a browser page, so it cannot ride a victim's cookie.
    return next();
  });

/**
 * For the GETs that save something (SPEC §7's preference flags). Browsers send no Origin on a same-origin
 * GET, and an older browser sends no Sec-Fetch-Site either, so absence proves nothing here: without
 * `Sec-Fetch-Site` the request must show a same-origin `Origin` or `Referer`, or carry our client's own
 * header (which a page of another site cannot add without a CORS preflight we never grant). An image tag
 * or a link on another site has none of these.
 */
export const sameOriginGet = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (browserSaysCrossSite(c)) throw crossSite();
    if (c.req.header("Sec-Fetch-Site") !== undefined) return next();
    const allowed = allowedOrigins(c);
    const origin = c.req.header("Origin");
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw crossSite();
      return next();
    }
    const referer = originOfReferer(c.req.header("Referer"));
    if (referer !== null && allowed.has(referer)) return next();
    if (c.req.header(APP_REQUEST_HEADER) === "1") return next();
    throw forbidden(
      `This request must come from the app: send it from a page of this site or with the ${APP_REQUEST_HEADER} header.`,
    );
  });
