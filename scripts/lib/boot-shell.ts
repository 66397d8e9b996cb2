// A vite plugin: a new chat's first frame (#boot-shell in index.html) gets its styles
// (client/boot-shell.css, and the answers' own from client/chat/markdown/markdown.css and their parts' — sources,
// folded reasoning, stopped notice, a grid's rows of buttons — from client/chat/chat.css) and its greeting in
// every language, from the chat catalogues (theme-boot.js picks the language with data-boot-lang before the first
// paint), the words an open chat's frame needs in every language (read by the Worker), and the logo inline, as
// the app draws it (client/components/logo.tsx).
import { readFileSync } from "node:fs";
import postcss from "postcss";
import type { Plugin } from "vite";
import { DEFAULT_ASSISTANT_LABEL } from "../../src/domain/assistants.ts";
import { type AnswerTexts, encodeLabels, type SourceTexts } from "../../src/domain/chat/shell-labels.ts";
import { svgParts } from "../../src/domain/inline-svg.ts";
import { LOCALES } from "../../src/domain/locales.ts";
import { escapeHtml } from "../../src/domain/search.ts";

const STYLES_MARK = "<!-- boot-shell:styles -->";
const TEXTS_MARK = "<!-- boot-shell:texts -->";
const ASSISTANT_MARK = "<!-- boot-shell:assistant -->";
const COMPOSER_MARK = "boot-shell:composer-labels";
const SOURCES_MARK = "boot-shell:source-labels";
const ANSWER_MARK = "boot-shell:answer-labels";
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

/**
 * The words of an answer's sources blocks per language (client/chat/documents-status.tsx, message-parts.tsx), in
 * SourceTexts' order: the Worker draws an open chat's frame's blocks with them (src/sharing/chat-shell-sources.ts).
 */
export function sourceLabels(): Record<string, string[]> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const { message } = chatCatalogue(locale);
      const texts: SourceTexts = {
        web: message.sources,
        documents: message.documentSources,
        pages: message.documentPages,
      };
      return [locale, [texts.web, texts.documents, texts.pages]];
    }),
  );
}

/**
 * The words of the parts around an answer's text per language (client/chat/message-parts.tsx, grid-choices.tsx),
 * in AnswerTexts' order: the Worker draws an open chat's frame's folded reasoning, stopped notice and a grid's
 * buttons with them (src/sharing/chat-shell-message.ts, chat-shell-grid.ts).
 */
export function answerLabels(): Record<string, string[]> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const { message, notices } = chatCatalogue(locale);
      const texts: AnswerTexts = {
        thought: message.thought,
        stopped: notices.stopped,
        upscales: message.upscales,
        upscale: message.upscale,
        variations: message.variations,
        vary: message.vary,
      };
      return [
        locale,
        [texts.thought, texts.stopped, texts.upscales, texts.upscale, texts.variations, texts.vary],
      ];
    }),
  );
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
  return underFrame(postcss.parse(css), "markdown.css");
}

const chatCss = () => readFileSync(new URL("chat/chat.css", CLIENT), "utf8");

/**
 * The app's rules for an answer's sources blocks (client/chat/chat.css: .search-status, .search-sources…, the
 * chips' .source-…), under the frame as the markdown's: the frame draws those blocks (src/sharing/
 * chat-shell-sources.ts) and they cannot drift from the app's. Not the live search's status (`[role="status"]`),
 * which a saved answer never shows.
 */
export function frameSourcesCss(css = chatCss()): string {
  return chatRules(css, (s) => /^\.(search-s|source-)/.test(s) && !s.includes("[role"));
}

/**
 * The app's rules for a finished answer's folded reasoning (.thinking-block, its summary), its notice
 * (.message-notice, a stopped answer's look) and a Midjourney grid's rows of buttons (.image-choices; the buttons'
 * own are the page's, styles.css), under the frame likewise (src/sharing/chat-shell-message.ts, chat-shell-grid.ts).
 * Not those of reasoning still streaming (`[data-active]`) nor of its text, which the frame never shows.
 */
export function frameAnswerPartsCss(css = chatCss()): string {
  return chatRules(
    css,
    (s) => /^\.(thinking-block|message-notice|image-choices)(?![\w-])/.test(s) && !s.includes("[data-active"),
  );
}

/** chat.css' rules whose selectors `wanted` keeps, with those selectors only, under the frame. */
function chatRules(css: string, wanted: (selector: string) => boolean): string {
  const picked = postcss.root();
  postcss.parse(css).walkRules((rule) => {
    const selectors = rule.selectors.filter(wanted);
    if (selectors.length === 0) return;
    if (rule.parent?.type !== "root")
      throw new Error(`chat.css: the frame's copy cannot scope ${rule.selector} yet`);
    picked.append(rule.clone({ selectors }));
  });
  return underFrame(picked, "chat.css");
}

function underFrame(root: postcss.Root, file: string): string {
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkAtRules((at) => {
    throw new Error(`${file}: the frame's copy cannot scope @${at.name} yet`);
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
        ![STYLES_MARK, TEXTS_MARK, ASSISTANT_MARK, COMPOSER_MARK, SOURCES_MARK, ANSWER_MARK].every((mark) =>
          html.includes(mark),
        ) ||
        !html.includes("<!-- boot-shell:logo ")
      ) {
        throw new Error("index.html no longer marks the boot shell's styles, texts and logo");
      }
      const greetings = LOCALES.map((locale) => ({ locale, ...greetingOf(locale) }));
      const spans = (pick: (g: (typeof greetings)[number]) => string) =>
        greetings.map((g) => `<span lang="${g.locale}">${escapeHtml(pick(g))}</span>`).join("");
      const texts = `<h2>${spans((g) => g.title)}</h2>\n          <p>${spans((g) => g.text)}</p>`;
      const shown = LOCALES.map((l) => `html[data-boot-lang="${l}"] .boot-hero [lang="${l}"]`).join(",\n");
      const css = `${frameMarkdownCss()}\n${frameSourcesCss()}\n${frameAnswerPartsCss()}\n${readFileSync(new URL("boot-shell.css", CLIENT), "utf8")}${shown} {\n  display: inline;\n}\n`;
      return (
        html
          .replace(STYLES_MARK, () => `<style>\n${css}</style>`)
          .replace(TEXTS_MARK, () => texts)
          .replace(ASSISTANT_MARK, () => escapeHtml(DEFAULT_ASSISTANT_LABEL))
          .replace(COMPOSER_MARK, () => escapeHtml(encodeLabels(composerLabels())))
          // Escaped by encodeLabels for the attribute, as the Worker reads it.
          .replace(SOURCES_MARK, () => encodeLabels(sourceLabels()))
          .replace(ANSWER_MARK, () => encodeLabels(answerLabels()))
          .replace(LOGO_MARK, (_, size: string) => inlineLogo(Number(size)))
      );
    },
  };
}
