// The client's IP for throttling, from CF-Connecting-IP: whoever sits in front of the Worker sets it from
// the connection, and overwrites whatever the client sent.
//
// In production that is Cloudflare (a client cannot forge it). Locally it is our dev/preview server: the
// vite plugin in scripts/lib/client-ip.ts writes the socket's address there for every request, since
// workerd does not show the socket to the Worker. Worker tests call the app directly and set it themselves.
import type { Context } from "hono";

/** Without that header every such request shares this one key. */
export const UNKNOWN_CLIENT_IP = "unknown";

/** IPv4 or IPv6 as Cloudflare writes them: hex digits, dots and colons (keys stay short and printable). */
const IP_PATTERN = /^[0-9a-fA-F:.]{2,45}$/;

export function clientIpOf(header: string | undefined): string {
  const value = header?.trim() ?? "";
  return IP_PATTERN.test(value) ? value.toLowerCase() : UNKNOWN_CLIENT_IP;
}

export const clientIp = (c: Context): string => clientIpOf(c.req.header("CF-Connecting-IP"));
