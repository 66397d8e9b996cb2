// A vite plugin for `npm run dev` only: the dev server's inline scripts get into the Worker's script-src.
//
// In dev the Worker serves the app's pages (run_worker_first) with the production policy, which allows one
// inline script, the theme boot, by its hash. Vite's dev HTML has another: @vitejs/plugin-react's React
// Refresh preamble. Blocked, it stops every module from running ("can't detect preamble") and nothing
// mounts. This plugin hashes the inline scripts of the HTML vite serves and adds those hashes to the
// script-src of the answers the Worker sends through the dev server. Builds are untouched.
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Plugin } from "vite";

/** CSP source expressions of the inline, executable scripts in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\ssrc\s*=/i.test(attrs) || body === "") continue;
    // A data block (JSON, templates) never runs, so the policy does not govern it.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && !type.includes("javascript")) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The policy with `hashes` added to its script-src; a policy without one (the API's) is left alone. */
export function withScriptHashes(policy: string, hashes: Iterable<string>): string {
  return policy
    .split(";")
    .map((directive) => {
      const parts = directive.trim().split(/\s+/);
      if (parts[0]?.toLowerCase() !== "script-src") return directive;
      const missing = [...hashes].filter((hash) => !parts.includes(hash));
      return missing.length === 0 ? directive : ` ${[...parts, ...missing].join(" ")}`;
    })
    .join(";")
    .trim();
}

type Headers = Record<string, string | string[] | number | undefined>;

/** Rewrites the Content-Security-Policy this response is about to send, however it is set. */
function allowScripts(res: ServerResponse, hashes: Set<string>): void {
  const rewrite = (value: unknown) =>
    typeof value === "string" && hashes.size > 0 ? withScriptHashes(value, hashes) : value;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(name, name.toLowerCase() === "content-security-policy" ? (rewrite(value) as string) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // writeHead(status, [message,] headers): the Cloudflare plugin passes the Worker's headers as an object.
    const headers = rest.find((arg): arg is Headers => typeof arg === "object" && arg !== null);
    if (headers && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === "content-security-policy")
          headers[name] = rewrite(headers[name]) as string;
      }
    }
    return writeHead(status, ...rest);
  }) as ServerResponse["writeHead"];
}

export function devInlineScripts(): Plugin {
  // Every inline script vite's HTML has had: the same few, whatever the page (the Worker adds none that run).
  const hashes = new Set<string>();
  return {
    name: "switchboard:dev-inline-scripts",
    apply: "serve",
    // Before the Cloudflare plugin's handler, which writes the Worker's answer (place this plugin before it).
    configureServer(server) {
      server.middlewares.use((_req, res, next) => {
        allowScripts(res, hashes);
        next();
      });
    },
    // Last, once every other plugin's tags (the React Refresh preamble among them) are in the page.
    transformIndexHtml: {
      order: "post",
      handler(html) {
        for (const hash of inlineScriptHashes(html)) hashes.add(hash);
      },
    },
  };
}
