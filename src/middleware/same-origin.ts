// Rejects cross-site unsafe requests: Hono's csrf() only guards form posts, and our API takes JSON.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const sameOrigin = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Webhooks are called server to server and authenticate by signature instead.
    if (c.req.path === "/api/billing/webhook") return next();
    const site = c.req.header("Sec-Fetch-Site");
    if (site && site !== "same-origin" && site !== "none") {
      throw forbidden("Cross-site requests are not allowed.");
    }
    const origin = c.req.header("Origin");
    if (origin !== undefined) {
      const allowed = new Set([new URL(c.req.url).origin]);
      for (const extra of (c.env.ALLOWED_ORIGINS ?? "").split(","))
        if (extra.trim()) allowed.add(extra.trim());
      if (!allowed.has(origin)) throw forbidden("Cross-site requests are not allowed.");
    }
    // A request with neither header does not come from a browser page, so it cannot ride a victim's cookie.
    return next();
  });
