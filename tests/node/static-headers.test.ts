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
