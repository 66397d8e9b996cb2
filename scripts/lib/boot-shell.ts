// A vite plugin: a new chat's first frame (#boot-shell in index.html) gets its styles
// (client/boot-shell.css, and the answers' own from client/chat/markdown/markdown.css, their parts' — sources,
// folded reasoning, notices, a grid's rows of buttons, writing dots, pictures — from client/chat/chat.css and a
// question's files' from client/chat/file-chip.css) and its greeting
// in every language, from the chat catalogues (theme-boot.js picks the language with data-boot-lang before the
// first paint), the words an open chat's frame needs in every language (read by the Worker), and the logo inline,
// as the app draws it (client/components/logo.tsx). Each language's chat catalogue also goes into the build as
// JSON, for the one sentence of many a failed answer's notice says in a frame (read by the Worker).
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { DEFAULT_ASSISTANT_LABEL } from "../../src/domain/assistants.ts";
import {
  type AnswerTexts,
  chatCatalogueAsset,
  encodeLabels,
  type SourceTexts,
} from "../../src/domain/chat/shell-labels.ts";
import { svgParts } from "../../src/domain/inline-svg.ts";
import { LOCALES } from "../../src/domain/locales.ts";
import { escapeHtml } from "../../src/domain/search.ts";
import {
  frameAnswerPartsCss,
  frameFilesCss,
  frameMarkdownCss,
  framePicturesCss,
  frameSourcesCss,
} from "./frame-css.ts";

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
 * The words of the parts around an answer's text per language (client/chat/message-parts.tsx, grid-choices.tsx,
 * message-item.tsx), in AnswerTexts' order: the Worker draws an open chat's frame's folded reasoning, stopped
 * notice, a grid's buttons and an answer's writing dots with them (src/sharing/chat-shell-message.ts,
 * chat-shell-grid.ts).
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
        writing: message.writing,
      };
      return [
        locale,
        [
          texts.thought,
          texts.stopped,
          texts.upscales,
          texts.upscale,
          texts.variations,
          texts.vary,
          texts.writing,
        ],
      ];
    }),
  );
}

/**
 * Each language's chat catalogue as the Worker reads it (chatCatalogueAsset): the sentence of a failed answer's
 * notice in an open chat's frame comes from the reader's, formatted as the app formats it.
 */
export function chatCatalogueAssets(): { fileName: string; source: string }[] {
  return LOCALES.map((locale) => ({
    fileName: chatCatalogueAsset(locale).slice(1),
    source: JSON.stringify(chatCatalogue(locale)),
  }));
}

export function bootShell(): Plugin {
  return {
    name: "switchboard:boot-shell",
    generateBundle() {
      // The client's build: its files are what the Worker's assets binding serves.
      if (this.environment.name !== "client") return;
      for (const asset of chatCatalogueAssets()) this.emitFile({ type: "asset", ...asset });
    },
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
      // The app's rules first: the frame's own, after them, set what differs in its markup.
      const app = [frameMarkdownCss, frameSourcesCss, frameAnswerPartsCss, framePicturesCss, frameFilesCss];
      const css = `${app.map((pick) => `${pick()}\n`).join("")}${readFileSync(new URL("boot-shell.css", CLIENT), "utf8")}${shown} {\n  display: inline;\n}\n`;
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
