// `npm run dev`'s pages mount in a browser: the Worker's policy lets the dev server's inline preamble run.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, withScriptHashes } from "../../scripts/lib/dev-csp.ts";
import { CONTENT_SECURITY_POLICY } from "../../src/middleware/security-headers.ts";
import { launchBrowser } from "../browser/browser.ts";

describe("inlineScriptHashes", () => {
  it.each([
    ["a classic script", "<script>let a = 1;</script>", 1],
    ["a module script", '<script type="module">import "/x";</script>', 1],
    ["a script by address", '<script type="module" src="/main.tsx"></script>', 0],
    ["a JSON data block", '<script type="application/json">{"a":1}</script>', 0],
    ["an empty script", "<script></script>", 0],
    ["two scripts", "<script>a()</script><p></p><SCRIPT type='text/javascript'>b()</SCRIPT>", 2],
  ])("%s", (_name, html, count) => {
    expect(inlineScriptHashes(html)).toHaveLength(count);
  });

  it("hashes the script's text as the browser does (SHA-256 of its UTF-8, base64)", () => {
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes("<script>alert(1)</script>")).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });
});

describe("withScriptHashes", () => {
  it("adds the hashes to script-src once, and leaves the other directives as they were", () => {
    const policy = withScriptHashes(CONTENT_SECURITY_POLICY, ["'sha256-a'", "'sha256-b'"]);
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-a' 'sha256-b';/);
    expect(withScriptHashes(policy, ["'sha256-a'"])).toBe(policy);
    expect(policy.replace(" 'sha256-a' 'sha256-b'", "")).toBe(CONTENT_SECURITY_POLICY);
  });

  it("leaves a policy without script-src (the API's) alone", () => {
    const api = "default-src 'none'; frame-ancestors 'none'; sandbox";
    expect(withScriptHashes(api, ["'sha256-a'"])).toBe(api);
  });
});

/** When the project's own dependency cache (a developer's running `npm run dev` uses it) was last written. */
const sharedCacheStamp = () => {
  try {
    return statSync("node_modules/.vite/deps/_metadata.json").mtimeMs;
  } catch {
    return null;
  }
};

describe("the dev server", () => {
  let sharedCacheBefore: number | null = null;
  let server: ViteDevServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    // The project's own vite config: the Worker in workerd behind vite, as `npm run dev` runs it, with its
    // Durable Object and R2 state apart from a developer's.
    process.env.SWITCHBOARD_DEV_STATE = mkdtempSync(join(tmpdir(), "switchboard-dev-state-"));
    // Its own dependency cache too: optimising into node_modules/.vite rewrote the running dev server's
    // (new hashes under its feet), and its pages then got "504 Outdated Optimize Dep" and stayed blank.
    const cacheDir = join(process.env.SWITCHBOARD_DEV_STATE, "vite");
    sharedCacheBefore = sharedCacheStamp();
    server = await createServer({ cacheDir, server: { port: 0, strictPort: false }, logLevel: "error" });
    await server.listen();
    base = (server.resolvedUrls?.local[0] ?? "").replace(/\/$/, "");
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    const state = process.env.SWITCHBOARD_DEV_STATE;
    delete process.env.SWITCHBOARD_DEV_STATE;
    if (state) rmSync(state, { recursive: true, force: true });
  });

  it("serves the app's pages through the Worker, and React mounts on them", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // No database here: the requests that need one fail, and the browser logs that; nothing else may.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        errors.push(message.text());
      }
    });
    // The Worker answers /app/a/* first (run_worker_first), with its Content-Security-Policy.
    const answer = await page.goto(`${base}/app/a/default`);
    expect(answer?.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
    // Signed out, the app itself takes the reader to the sign-in screen: only a mounted app can do that.
    // A page error ends the wait at once, with its text (a blocked preamble: "can't detect preamble").
    await expect
      .poll(() => (errors.length > 0 ? errors.join("\n") : page.url()), { timeout: 45_000 })
      .toMatch(/\/login(\?|$)/);
    await expect.poll(() => page.locator("#root form").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it("leaves the dependency cache of a developer's running dev server alone", () => {
    expect(sharedCacheStamp()).toBe(sharedCacheBefore);
  });

  it("lets the Worker answer the public API's preflight from any origin, as production does", async () => {
    const preflight = await fetch(`${base}/api/v1/chat/completions`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://elsewhere.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET,POST");
    expect(preflight.headers.get("access-control-max-age")).toBe("86400");
  });
});
