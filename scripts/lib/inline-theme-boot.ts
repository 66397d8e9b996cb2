// A vite plugin: public/theme-boot.js inlined into index.html, so the first paint waits for no request.
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export const THEME_BOOT_TAG = '<script src="/theme-boot.js"></script>';

export function inlineThemeBoot(file = new URL("../../public/theme-boot.js", import.meta.url)): Plugin {
  return {
    name: "switchboard:inline-theme-boot",
    transformIndexHtml(html) {
      if (!html.includes(THEME_BOOT_TAG)) throw new Error("index.html no longer loads /theme-boot.js");
      const code = readFileSync(file, "utf8");
      return html.replace(THEME_BOOT_TAG, () => `<script>${code}</script>`);
    },
  };
}
