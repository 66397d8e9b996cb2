// The closed set of error codes: every code has a sentence in each of the 9 locales, and the sets hold together.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MESSAGE_OF } from "../../client/lib/error-messages.ts";
import {
  ERROR_CODES,
  isErrorCode,
  isOauthErrorCode,
  OAUTH_ERROR_CODES,
  refusedPath,
  STREAM_ERROR_CODES,
} from "../../src/domain/error-codes.ts";
import { LOCALES } from "../../src/domain/locales.ts";

type Tree = { [key: string]: string | Tree };

const catalogue = (locale: string): Tree =>
  JSON.parse(
    readFileSync(new URL(`../../client/i18n/locales/${locale}/errors.json`, import.meta.url), "utf8"),
  );

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

describe("error codes", () => {
  it("are unique", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it.each(LOCALES)("each has a non-empty sentence in %s", (locale) => {
    const tree = catalogue(locale);
    for (const code of ERROR_CODES) {
      expect(lookup(tree, MESSAGE_OF[code])?.trim(), `${locale}: ${code}`).toBeTruthy();
    }
  });

  it.each([
    ["quota_reached", true],
    ["account_deleted", true],
    ["provider_unavailable", true],
    ["error", false],
    ["", false],
    [42, false],
    [null, false],
  ])("isErrorCode(%j) is %s", (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });

  it("tells the OAuth codes the login page shows from the others", () => {
    for (const code of OAUTH_ERROR_CODES) expect(isOauthErrorCode(code)).toBe(true);
    for (const code of STREAM_ERROR_CODES) expect(isOauthErrorCode(code)).toBe(false);
    expect(isOauthErrorCode("javascript:alert(1)")).toBe(false);
  });
});

describe("refusedPath", () => {
  it.each<[unknown, string | null]>([
    [[{ path: "currentPassword", message: "not correct" }], "currentPassword"],
    [[{ path: "emails.2" }, { path: "emails.3" }], "emails.2"],
    [[{ message: "no path" }], null],
    [[{ path: 3 }], null],
    [[], null],
    [{ path: "seats" }, null],
    [undefined, null],
  ])("%j → %s", (details, path) => {
    expect(refusedPath(details)).toBe(path);
  });
});
