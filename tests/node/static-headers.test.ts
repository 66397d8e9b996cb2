// public/_headers gives the app shell and every static asset the Worker's own security headers, HSTS included.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CONTENT_SECURITY_POLICY,
  STATIC_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "../../src/middleware/security-headers.ts";

/** The headers of one path block of a Cloudflare `_headers` file. */
function headersFor(path: string): Record<string, string> {
  const text = readFileSync(new URL("../../public/_headers", import.meta.url), "utf8");
  const out: Record<string, string> = {};
  let inBlock = false;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      inBlock = line.trim() === path;
      continue;
    }
    if (!inBlock) continue;
    const cut = line.indexOf(":");
    out[line.slice(0, cut).trim().toLowerCase()] = line.slice(cut + 1).trim();
  }
  return out;
}

describe("public/_headers for /*", () => {
  const headers = headersFor("/*");

  it("sends HSTS for the app shell and the assets, as the Worker does", () => {
    expect(headers["strict-transport-security"]).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toMatch(/max-age=(\d{8,})/);
  });

  it("carries the Worker's content security policy and every other static header", () => {
    expect(headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
      expect(headers[name.toLowerCase()], name).toBe(value);
    }
  });
});

describe("the inlined theme boot", () => {
  it("is allowed by its hash in the policy, and index.html carries exactly that script", async () => {
    const { createHash } = await import("node:crypto");
    const { THEME_BOOT_SHA256 } = await import("../../src/middleware/security-headers.ts");
    const { inlineThemeBoot } = await import("../../scripts/lib/inline-theme-boot.ts");
    const code = readFileSync(new URL("../../public/theme-boot.js", import.meta.url), "utf8");
    expect(THEME_BOOT_SHA256).toBe(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'self' ${THEME_BOOT_SHA256}`);
    const source = readFileSync(new URL("../../client/index.html", import.meta.url), "utf8");
    const transform = inlineThemeBoot().transformIndexHtml as (html: string) => string;
    const html = transform(source);
    expect(html).toContain(`<script>${code}</script>`);
    expect(html).not.toContain('src="/theme-boot.js"');
  });
});
