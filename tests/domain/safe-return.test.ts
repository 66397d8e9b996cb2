// safeReturnPath against a corpus of known open-redirect bypasses: only paths that stay on this site pass; and
// the flag a return address carries back, which must land in its query.
import { describe, expect, it } from "vitest";
import { safeReturnPath, withQueryParameter } from "../../src/domain/safe-return.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/app/a/default", "/app/a/default"],
    ["/pricing?plan=expert&users=2", "/pricing?plan=expert&users=2"],
    ["/app/a/2/c/3#m-9", "/app/a/2/c/3#m-9"],
    ["/fr/login", "/fr/login"],
    // Stays on the site, normalised the way the browser will read it.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/a/../b", "/b"],
    ["/@evil.example", "/@evil.example"],
    ["/\uFF0F\uFF0Fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
  ])("keeps %j as %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example",
    "/\t/evil.example/x",
    "/\n/evil.example/x",
    "/\r\n/evil.example",
    "/\\\t\\evil.example",
    "\t//evil.example",
    " //evil.example",
    "https://evil.example/",
    "https:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//user@evil.example",
    "/\\/evil.example",
    "\uFF0F\uFF0Fevil.example",
    "evil.example",
    "",
    `/${"a".repeat(2_001)}`,
  ])("drops %j", (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("drops nothing-at-all", () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});

describe("withQueryParameter", () => {
  it.each([
    ["/app/account/subscription", "/app/account/subscription?checkout=cancelled"],
    ["/pricing?plan=standard&users=2", "/pricing?plan=standard&users=2&checkout=cancelled"],
    // Before the fragment, where the page reads it; the fragment stays.
    ["/app/a/default?x=1#y", "/app/a/default?x=1&checkout=cancelled#y"],
    ["/app/a/default#y", "/app/a/default?checkout=cancelled#y"],
    ["/app/a/default?#y?z&w", "/app/a/default?checkout=cancelled#y?z&w"],
    ["/pricing?", "/pricing?checkout=cancelled"],
    // One flag: one the path carried already (an earlier way back) is replaced, not doubled.
    ["/pricing?checkout=cancelled&plan=expert", "/pricing?plan=expert&checkout=cancelled"],
    ["/pricing?checkout=success&checkout&x=%20", "/pricing?x=%20&checkout=cancelled"],
    ["/pricing?checkouts=1&a=checkout", "/pricing?checkouts=1&a=checkout&checkout=cancelled"],
  ])("puts the flag on %j as %j", (path, expected) => {
    expect(withQueryParameter(path, "checkout", "cancelled")).toBe(expected);
  });
});
