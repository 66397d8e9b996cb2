// What the build gives an open chat's first frame for its answers' sources, folded reasoning, notices, a grid's
// buttons and writing dots (scripts/lib/boot-shell.ts, frame-css.ts): the app's own rules for them, under the frame,
// and their words in every language from the app's catalogues.
import { readFileSync } from "node:fs";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { answerLabels, chatCatalogueAssets, sourceLabels } from "../../scripts/lib/boot-shell.ts";
import { frameAnswerPartsCss, frameSourcesCss } from "../../scripts/lib/frame-css.ts";
import { escapeHtml } from "../../src/domain/chat/markdown-rules.ts";
import { NOTICE_KEYS } from "../../src/domain/chat/message-notices.ts";
import {
  answerTexts,
  chatCatalogueAsset,
  decodeLabelLists,
  encodeLabels,
  sourceTexts,
} from "../../src/domain/chat/shell-labels.ts";
import { LOCALES } from "../../src/domain/locales.ts";
import { formatMessage } from "../../src/domain/message-format.ts";
import { shellGridChoices } from "../../src/sharing/chat-shell-grid.ts";

const selectorsOf = (css: string) => {
  const selectors: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === "root") selectors.push(...rule.selectors);
  });
  return selectors;
};

describe("frameSourcesCss", () => {
  it("takes the sources' rules only, each under the frame, without the live search's status", () => {
    const css = [
      ".message-row { padding: 0; }",
      ".search-status { display: grid; }",
      '.search-status[role="status"] { display: flex; }',
      ".search-sources :is(a, .source-chip), .pulse { gap: 6px; }",
      "/* why */ .source-title { overflow: hidden; }",
      "@keyframes breathe { 50% { opacity: 0.5; } }",
      "@media (max-width: 720px) { .user-bubble { max-width: 90%; } }",
    ].join("\n");
    expect(frameSourcesCss(css)).toBe(
      ".boot-chat .search-status { display: grid; } .boot-chat .search-sources :is(a, .source-chip) { gap: 6px; } .boot-chat .source-title { overflow: hidden; }",
    );
  });

  it("refuses a sources rule it cannot scope rather than leaving the frame without it", () => {
    expect(() => frameSourcesCss("@media (max-width: 600px) { .search-sources { gap: 0; } }")).toThrow(
      /chat\.css/,
    );
  });

  it("carries every rule of the app's chat.css for the sources' blocks", () => {
    const app = selectorsOf(readFileSync("client/chat/chat.css", "utf8")).filter(
      (s) => /^\.(search-s|source-)/.test(s) && !s.includes("[role"),
    );
    expect(app.length).toBeGreaterThan(5);
    expect(selectorsOf(frameSourcesCss())).toEqual(app.map((s) => `.boot-chat ${s}`));
  });
});

describe("sourceLabels", () => {
  it("holds the three words of every language, as its chat catalogue says them, through the page's attribute", () => {
    const decoded = decodeLabelLists(encodeLabels(sourceLabels()));
    expect(Object.keys(decoded).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const { message } = JSON.parse(readFileSync(`client/i18n/locales/${locale}/chat.json`, "utf8"));
      expect(sourceTexts(encodeLabels(sourceLabels()), locale)).toEqual({
        web: message.sources,
        documents: message.documentSources,
        pages: message.documentPages,
      });
      expect(message.documentPages).toContain("{{pages}}");
    }
  });
});

describe("frameAnswerPartsCss", () => {
  it("takes the folded reasoning's, the notices', a grid's rows' and the writing dots' rules only, each under the frame, not those of reasoning still streaming", () => {
    const css = [
      ".message-row { padding: 0; }",
      ".thinking-block { margin: 4px 0 10px; }",
      ".thinking-block summary { font-weight: 600; }",
      ".thinking-block[data-active] summary { animation: breathe 1.6s infinite; }",
      ".thinking-text { white-space: pre-wrap; }",
      ".message-notice, .writing { display: flex; }",
      ".message-notice.stopped { display: inline-flex; }",
      ".composer-dock .message-notice { margin: 0 auto 8px; }",
      ".message-notices-list, .writings, .dotsy { gap: 0; }",
      ".image-choices { display: flex; gap: 6px; }",
      ".image-choices-hint, .generated-images img { display: block; }",
      ".dots i { width: 7px; animation: dot 1.2s infinite ease-in-out; }",
      ".dots i:nth-child(2) { animation-delay: 0.15s; }",
      "@keyframes dot { 40% { opacity: 1; } }",
      "@media (prefers-reduced-motion: reduce) { .dots i, .thinking-block[data-active] summary { animation: none; } }",
    ].join("\n");
    // The dots stand still: their animation, and the rules that only animate them, stay the app's.
    expect(frameAnswerPartsCss(css)).toBe(
      ".boot-chat .thinking-block { margin: 4px 0 10px; } .boot-chat .thinking-block summary { font-weight: 600; } .boot-chat .message-notice, .boot-chat .writing { display: flex; } .boot-chat .message-notice.stopped { display: inline-flex; } .boot-chat .image-choices { display: flex; gap: 6px; } .boot-chat .dots i { width: 7px; }",
    );
  });

  it("refuses a rule of theirs it cannot scope rather than leaving the frame without it", () => {
    expect(() =>
      frameAnswerPartsCss("@media (max-width: 600px) { .message-notice { padding: 0; } }"),
    ).toThrow(/chat\.css/);
  });

  it("carries every rule of the app's chat.css for a saved answer's folded reasoning, notice and grid's rows, and the writing dots (but their animation)", () => {
    const app: string[] = [];
    postcss.parse(readFileSync("client/chat/chat.css", "utf8")).walkRules((rule) => {
      if (rule.parent?.type !== "root") return;
      // A rule that only animates goes: the frame's dots stand still.
      if (rule.nodes.every((node) => node.type === "decl" && node.prop.startsWith("animation"))) return;
      app.push(
        ...rule.selectors.filter(
          (s) =>
            /^\.(thinking-block|message-notice|image-choices|writing|dots)(?![\w-])/.test(s) &&
            !s.includes("[data-active"),
        ),
      );
    });
    expect(app).toEqual(
      expect.arrayContaining([
        ".thinking-block",
        ".thinking-block summary",
        ".message-notice",
        ".message-notice.stopped",
        ".image-choices",
        ".writing",
        ".dots",
        ".dots i",
      ]),
    );
    const frame = frameAnswerPartsCss();
    expect(selectorsOf(frame)).toEqual(app.map((s) => `.boot-chat ${s}`));
    expect(frame).not.toContain("animation");
  });
});

describe("answerLabels", () => {
  it("holds the words of every language, as its chat catalogue says them, through the page's attribute", () => {
    const encoded = encodeLabels(answerLabels());
    expect(Object.keys(decodeLabelLists(encoded)).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const { message, notices } = JSON.parse(
        readFileSync(`client/i18n/locales/${locale}/chat.json`, "utf8"),
      );
      const texts = answerTexts(encoded, locale);
      expect(texts).toEqual({
        thought: message.thought,
        stopped: notices.stopped,
        upscales: message.upscales,
        upscale: message.upscale,
        variations: message.variations,
        vary: message.vary,
        writing: message.writing,
      });
      for (const words of Object.values(texts)) expect(words).toBeTruthy();
    }
  });

  it("names a grid's buttons in the frame as the app does, in every language", async () => {
    const encoded = encodeLabels(answerLabels());
    for (const locale of LOCALES) {
      const catalogue = JSON.parse(readFileSync(`client/i18n/locales/${locale}/chat.json`, "utf8"));
      const app = (key: string, values: Record<string, unknown>) =>
        escapeHtml(formatMessage(catalogue, `message.${key}`, values, locale));
      const html = shellGridChoices(["U2", "V3"], answerTexts(encoded, locale));
      expect(html).toContain(`aria-label="${app("upscales", {})}" inert>`);
      expect(html).toContain(`aria-label="${app("upscale", { choice: "U2" })}"`);
      expect(html).toContain(`aria-label="${app("vary", { choice: "V3", n: 3 })}"`);
      expect(html).not.toContain("{{");
    }
  });
});

describe("chatCatalogueAssets", () => {
  it("puts every language's chat catalogue where the Worker reads it, with every notice's sentence and Retry", () => {
    const assets = chatCatalogueAssets();
    expect(assets.map((a) => `/${a.fileName}`)).toEqual(LOCALES.map(chatCatalogueAsset));
    for (const [i, locale] of LOCALES.entries()) {
      const catalogue = JSON.parse(assets[i]?.source ?? "null");
      expect(catalogue).toEqual(JSON.parse(readFileSync(`client/i18n/locales/${locale}/chat.json`, "utf8")));
      for (const notice of NOTICE_KEYS)
        expect(formatMessage(catalogue, `notices.${notice}`, {}, locale)).not.toBe(`notices.${notice}`);
      expect(catalogue.message.retry).toBeTruthy();
    }
  });
});
