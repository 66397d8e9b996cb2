// The client's IP for throttling, from CF-Connecting-IP: whoever sits in front of the Worker sets it from
// the connection, and overwrites whatever the client sent.
//
// In production that is Cloudflare (a client cannot forge it). Locally it is our dev/preview server: the
// vite plugin in scripts/lib/client-ip.ts writes the socket's address there for every request, since
// workerd does not show the socket to the Worker. Worker tests call the app directly and set it themselves.
import type { Context } from "hono";
import { clientAddressKey, UNKNOWN_CLIENT_ADDRESS } from "../domain/client-address";

/** Without that header (or with anything but an address in it) every such request shares this one key. */
export const UNKNOWN_CLIENT_IP = UNKNOWN_CLIENT_ADDRESS;

/** The throttling key of the header's address: IPv4 as is, IPv6 by its /64 (src/domain/client-address.ts). */
export const clientIpOf = (header: string | undefined): string => clientAddressKey(header);

export const clientIp = (c: Context): string => clientIpOf(c.req.header("CF-Connecting-IP"));
