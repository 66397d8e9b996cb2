// The client's IP for throttling: Cloudflare sets CF-Connecting-IP on every request and clients cannot forge it.
import type { Context } from "hono";

/** Without Cloudflare in front (tests, some local setups) every request shares this one key. */
export const UNKNOWN_CLIENT_IP = "unknown";

export const clientIp = (c: Context): string => c.req.header("CF-Connecting-IP")?.trim() || UNKNOWN_CLIENT_IP;
