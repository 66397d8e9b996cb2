// A vite plugin for `npm run dev` and `vite preview`: the Worker learns each client's socket address from
// CF-Connecting-IP, which this plugin sets and which no client can set itself.
//
// workerd does not show the socket to the Worker, and our dev server talks to workerd from its own
// loopback socket: without this every browser would share one throttling bucket, and a client could name
// any address it liked in the header (Miniflare only fills it in when it is absent). In production
// Cloudflare does the same job: it overwrites the header with the address it sees.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";

/** "::ffff:10.0.0.7" (IPv4 on a dual-stack socket) → "10.0.0.7", as Cloudflare writes IPv4 clients. */
export function socketAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? "";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * Replaces whatever CF-Connecting-IP the client sent with the address its socket came from — in both
 * views Node keeps of the headers: the Cloudflare plugin builds the Worker's request from `rawHeaders`.
 */
export function setClientIp(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  const address = socketAddress(req);
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.toLowerCase() !== "cf-connecting-ip") raw.push(name, req.rawHeaders[i + 1] as string);
  }
  if (address) raw.push("CF-Connecting-IP", address);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  delete req.headers["cf-connecting-ip"];
  if (address) req.headers["cf-connecting-ip"] = address;
  next();
}

/** Runs before @cloudflare/vite-plugin's handler (place it first), in the dev and the preview server. */
export function clientIpFromSocket(): Plugin {
  return {
    name: "switchboard:client-ip-from-socket",
    enforce: "pre",
    configureServer(server) {
      server.middlewares.use(setClientIp);
    },
    configurePreviewServer(server) {
      server.middlewares.use(setClientIp);
    },
  };
}
