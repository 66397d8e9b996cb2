// A vite plugin: a new chat's first frame (#boot-shell in index.html) gets its styles
// (client/boot-shell.css, and the answers' own from client/chat/markdown/markdown.css) and its greeting in
// every language, from the chat catalogues (theme-boot.js picks the language with data-boot-lang before the
// first paint), and the logo inline, as the app draws it (client/components/logo.tsx).
import { readFileSync } from "node:fs";
import postcss from "postcss";
import type { Plugin } from "vite";
import { DEFAULT_ASSISTANT_LABEL } from "../../src/domain/assistants.ts";
import { encodeLabels } from "../../src/domain/chat/shell-labels.ts";
import { svgParts } from "../../src/domain/inline-svg.ts";
import { LOCALES } from "../../src/domain/locales.ts";
import { escapeHtml } from "../../src/domain/search.ts";

const STYLES_MARK = "<!-- boot-shell:styles -->";
const TEXTS_MARK = "<!-- boot-shell:texts -->";
const ASSISTANT_MARK = "<!-- boot-shell:assistant -->";
const COMPOSER_MARK = "boot-shell:composer-labels";
/** `<!-- boot-shell:logo 30 -->`: the logo, 30 px square. */
const LOGO_MARK = /<!-- boot-shell:logo (\d+) -->/g;
const CLIENT = new URL("../../client/", import.meta.url);

/** The logo as client/components/logo.tsx renders it, from the same file. */
export function inlineLogo(
  size: number,
  svg = readFileSync(new URL("../public/icons/logo.svg", CLIENT), "utf8"),
) {
  const { viewBox, drawing } = svgParts(svg);
  return `<svg class="logo" viewBox="${viewBox}" width="${size}" height="${size}" aria-hidden="true" focusable="false">${drawing}</svg>`;
}

/** The empty chat screen's greeting in one language (client/chat/new-chat.tsx shows the same keys). */
const chatCatalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`i18n/locales/${locale}/chat.json`, CLIENT), "utf8"));

export function greetingOf(locale: string): { title: string; text: string } {
  const catalogue = chatCatalogue(locale);
  return { title: catalogue.empty.title, text: catalogue.empty.text };
}

/** The composer's accessible name per language: the Worker names an open chat's frame's composer with it. */
export function composerLabels(): Record<string, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, chatCatalogue(locale).composer.label]));
}

/** Where an open chat's first frame puts its messages (src/sharing/chat-shell.ts). */
const FRAME = ".boot-chat";

/**
 * The app's markdown rules, each under the frame: an open chat's first frame (src/sharing/chat-shell.ts) sets
 * its answers exactly as the app will, so nothing moves at the handover, and no copy of them can drift. A
 * selector led by `:root[…]` (the dark theme's) keeps that lead.
 */
export function frameMarkdownCss(
  css = readFileSync(new URL("chat/markdown/markdown.css", CLIENT), "utf8"),
): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkAtRules((at) => {
    throw new Error(`markdown.css: the frame's copy cannot scope @${at.name} yet`);
  });
  root.walkRules((rule) => {
    rule.selectors = rule.selectors.map((selector) => {
      const lead = /^:root(\[[^\]]*\])*\s+/.exec(selector)?.[0] ?? "";
      return `${lead}${FRAME} ${selector.slice(lead.length)}`;
    });
  });
  // Every page inlines it (index.html): one line, not the source's layout. A line break is whitespace to
  // CSS (a combinator, a value's separator), so it becomes one space, never nothing.
  return root
    .toString()
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

export function bootShell(): Plugin {
  return {
    name: "switchboard:boot-shell",
    transformIndexHtml(html) {
      if (
        ![STYLES_MARK, TEXTS_MARK, ASSISTANT_MARK, COMPOSER_MARK].every((mark) => html.includes(mark)) ||
        !html.includes("<!-- boot-shell:logo ")
      ) {
        throw new Error("index.html no longer marks the boot shell's styles, texts and logo");
      }
      const greetings = LOCALES.map((locale) => ({ locale, ...greetingOf(locale) }));
      const spans = (pick: (g: (typeof greetings)[number]) => string) =>
        greetings.map((g) => `<span lang="${g.locale}">${escapeHtml(pick(g))}</span>`).join("");
      const texts = `<h2>${spans((g) => g.title)}</h2>\n          <p>${spans((g) => g.text)}</p>`;
      const shown = LOCALES.map((l) => `html[data-boot-lang="${l}"] .boot-hero [lang="${l}"]`).join(",\n");
      const css = `${frameMarkdownCss()}\n${readFileSync(new URL("boot-shell.css", CLIENT), "utf8")}${shown} {\n  display: inline;\n}\n`;
      return html
        .replace(STYLES_MARK, () => `<style>\n${css}</style>`)
        .replace(TEXTS_MARK, () => texts)
        .replace(ASSISTANT_MARK, () => escapeHtml(DEFAULT_ASSISTANT_LABEL))
        .replace(COMPOSER_MARK, () => escapeHtml(encodeLabels(composerLabels())))
        .replace(LOGO_MARK, (_, size: string) => inlineLogo(Number(size)));
    },
  };
}
