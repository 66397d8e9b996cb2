// Security headers on every Worker response; public/_headers carries the same policy for static assets.
import { createMiddleware } from "hono/factory";

/**
 * The hash of public/theme-boot.js, which the build inlines into index.html (a blocking request less before
 * the first paint). tests/node/static-headers.test.ts checks it against the file.
 */
export const THEME_BOOT_SHA256 = "'sha256-F/bjhQg9U+kXU8enzWVrRufJYU4BBWDpNjFe9dgTq3I='";

/**
 * The SPA's policy. Styles allow inline attributes because KaTeX lays out formulas with style="…";
 * scripts never do: no inline script but the theme boot (by its hash), no eval, nothing a model or another
 * user wrote runs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_BOOT_SHA256}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** API answers are data, never documents: nothing in them may load or run anything. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Two years, subdomains included: once a browser has seen us over HTTPS it never tries plain HTTP again.
 * Sent on the Worker's answers and, through public/_headers, on the app shell and every static asset.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

export const securityHeaders = () =>
  createMiddleware(async (c, next) => {
    await next();
    const headers = c.res.headers;
    const isApi = c.req.path.startsWith("/api/");
    // Headers of a response built elsewhere (assets, a DO stream) may be immutable: copy it first.
    try {
      headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      c.res = new Response(c.res.body, c.res);
    }
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set(
        "Content-Security-Policy",
        isApi ? API_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
      );
    }
    // Browsers ignore HSTS over plain HTTP (local dev), so it only goes out over HTTPS.
    if (new URL(c.req.url).protocol === "https:") {
      c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
  });
