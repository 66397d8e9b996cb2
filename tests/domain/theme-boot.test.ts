// The pre-paint theme script (public/theme-boot.js) picks the same mode as the app's own rules.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { forcedColorModeOf, matchAppRoute } from "../../src/domain/app-routes.ts";
import { BOOT_COOKIES_ATTRIBUTE, bootCookies } from "../../src/domain/boot-cookies.ts";
import {
  COLOR_MODE_KEY,
  COLOR_MODE_VERSION_KEY,
  effectiveColorMode,
  migrateColorMode,
} from "../../src/domain/color-mode.ts";
import { initialLocale, LOCALE_COOKIE, splitLocalePath } from "../../src/domain/locale-routing.ts";
import { SIGNED_IN_HINT_COOKIE } from "../../src/domain/sessions.ts";

const script = readFileSync(new URL("../../public/theme-boot.js", import.meta.url), "utf8");

function runBoot(
  pathname: string,
  items: Record<string, string>,
  systemDark: boolean,
  browser: { cookie?: string; languages?: string[]; hinted?: string } = {},
) {
  // The Worker's copy of the request's cookies, when it served the page (src/routes/app-page.ts).
  const attributes: Record<string, string> =
    browser.hinted === undefined ? {} : { [BOOT_COOKIES_ATTRIBUTE]: browser.hinted };
  const style: Record<string, string> = {};
  const reads = { cookie: 0, storage: 0 };
  const window = {
    matchMedia: (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark }),
  };
  runInNewContext(script, {
    window,
    location: { pathname },
    navigator: { languages: browser.languages ?? [] },
    localStorage: {
      getItem: (key: string) => {
        reads.storage++;
        return items[key] ?? null;
      },
    },
    document: {
      get cookie() {
        reads.cookie++;
        return browser.cookie ?? "";
      },
      documentElement: {
        setAttribute: (k: string, v: string) => (attributes[k] = v),
        getAttribute: (k: string) => attributes[k] ?? null,
        style,
      },
    },
  });
  return {
    theme: attributes["data-theme"],
    colorScheme: style.colorScheme,
    boot: attributes["data-boot"],
    bootLang: attributes["data-boot-lang"],
    bootDefault: "data-boot-default" in attributes,
    reads,
  };
}

const paths = [
  "/",
  "/fr",
  "/login",
  "/de/pricing",
  "/privacy",
  "/fr/privacy",
  "/app/a/default",
  "/app/account/settings/",
  "/ToU",
];
const stores: Record<string, string>[] = [
  {},
  { [COLOR_MODE_KEY]: "dark" },
  { [COLOR_MODE_KEY]: "dark", [COLOR_MODE_VERSION_KEY]: "1.0.0" },
  { [COLOR_MODE_KEY]: "light", [COLOR_MODE_VERSION_KEY]: "0.1.0" },
  { [COLOR_MODE_KEY]: "system", [COLOR_MODE_VERSION_KEY]: "1.0.0" },
  { [COLOR_MODE_KEY]: "purple", [COLOR_MODE_VERSION_KEY]: "1.0.0" },
];

describe("theme-boot.js", () => {
  for (const path of paths) {
    for (const items of stores) {
      for (const systemDark of [false, true]) {
        it(`${path} with ${JSON.stringify(items)}, system dark ${systemDark}`, () => {
          const { preference } = migrateColorMode({
            preference: items[COLOR_MODE_KEY] ?? null,
            version: items[COLOR_MODE_VERSION_KEY] ?? null,
          });
          const expected = effectiveColorMode(
            preference,
            forcedColorModeOf(splitLocalePath(path).path),
            systemDark,
          );
          const result = runBoot(path, items, systemDark);
          expect(result).toMatchObject({ theme: expected, colorScheme: expected });
          // A page that is always light does not ask the browser for the stored preference.
          expect(result.reads.storage > 0).toBe(forcedColorModeOf(splitLocalePath(path).path) === null);
        });
      }
    }
  }
});

// A new chat's first frame (#boot-shell): on the new-chat route of a signed-in browser, with the greeting in
// the language initialLocale will give the app.
describe("theme-boot.js, a new chat's first frame", () => {
  const signedIn = `${SIGNED_IN_HINT_COOKIE}=1`;
  const cases: [path: string, cookie: string, languages: string[]][] = [
    ["/app/a/default", signedIn, ["en-US"]],
    ["/app/a/default/", signedIn, []],
    ["/app/a/42", signedIn, ["de-DE", "en"]],
    ["/fr/app/a/default", signedIn, ["de"]],
    ["/app/a/default/c/7", `theme=x; ${signedIn}; ${LOCALE_COOKIE}=pl`, ["fr"]],
    ["/app/a/default", `${LOCALE_COOKIE}=xx; ${signedIn}`, ["zz", "pt-BR"]],
    ["/app/a/default", "", ["en"]],
    ["/app/a/default", `${SIGNED_IN_HINT_COOKIE}=0`, ["en"]],
    ["/app/assistants", signedIn, ["en"]],
    ["/app/account/settings", signedIn, ["en"]],
    ["/app/a/default/c/7/x", signedIn, ["en"]],
    ["/pricing", signedIn, ["en"]],
    ["/", signedIn, ["en"]],
  ];
  for (const [path, cookie, languages] of cases) {
    it(`${path} with cookies ${JSON.stringify(cookie)} and languages ${languages.join(",")}`, () => {
      const route = matchAppRoute(splitLocalePath(path).path.replace(/(.)\/$/, "$1"));
      const shown = route?.route.path === "/app/a/:assistantId" && cookie.includes(signedIn);
      const result = runBoot(path, {}, false, { cookie, languages });
      // As the Worker serves it: the same decisions from its copy, and document.cookie left alone.
      const hinted = runBoot(path, {}, false, { cookie, languages, hinted: bootCookies(cookie) });
      expect(hinted.reads.cookie).toBe(0);
      expect({ ...hinted, reads: null }).toEqual({ ...result, reads: null });
      // Only the new chat's page asks for its cookies at all.
      expect(result.reads.cookie).toBe(route?.route.path === "/app/a/:assistantId" ? 1 : 0);
      if (!shown) {
        expect(result.boot).toBeUndefined();
        return;
      }
      expect(result).toMatchObject({
        boot: "new",
        bootLang: initialLocale(path, "", cookie, languages).locale,
        bootDefault: route?.params.assistantId === "default",
      });
    });
  }
});
