// The pre-paint theme script (public/theme-boot.js) picks the same mode as the app's own rules.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { forcedColorModeOf } from "../../src/domain/app-routes.ts";
import {
  COLOR_MODE_KEY,
  COLOR_MODE_VERSION_KEY,
  effectiveColorMode,
  migrateColorMode,
} from "../../src/domain/color-mode.ts";
import { splitLocalePath } from "../../src/domain/locale-routing.ts";

const script = readFileSync(new URL("../../public/theme-boot.js", import.meta.url), "utf8");

function runBoot(pathname: string, items: Record<string, string>, systemDark: boolean) {
  const attributes: Record<string, string> = {};
  const style: Record<string, string> = {};
  const window = {
    matchMedia: (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark }),
  };
  runInNewContext(script, {
    window,
    location: { pathname },
    localStorage: { getItem: (key: string) => items[key] ?? null },
    document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v), style } },
  });
  return { theme: attributes["data-theme"], colorScheme: style.colorScheme };
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
          expect(runBoot(path, items, systemDark)).toEqual({ theme: expected, colorScheme: expected });
        });
      }
    }
  }
});
