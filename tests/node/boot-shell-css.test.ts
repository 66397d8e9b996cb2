// The open chat's first frame takes the app's rules for its answers' markdown, its pictures and a question's files,
// scoped to it by the build (scripts/lib/boot-shell.ts, frame-css.ts), and keeps no copy of them.
import { readFileSync } from "node:fs";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { bootShell } from "../../scripts/lib/boot-shell.ts";
import {
  frameAnswerPartsCss,
  frameFilesCss,
  frameMarkdownCss,
  framePicturesCss,
  frameSourcesCss,
} from "../../scripts/lib/frame-css.ts";

const selectorsOf = (css: string) => {
  const selectors: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    selectors.push(...rule.selectors);
  });
  return selectors;
};

describe("frameMarkdownCss", () => {
  it.each([
    [".markdown p { margin: 0; }", [".boot-chat .markdown p"]],
    [
      ".code-block pre,\n.math-display { margin: 0; }",
      [".boot-chat .code-block pre", ".boot-chat .math-display"],
    ],
    [
      ':root[data-theme="dark"] .hljs-comment { color: red; }',
      [':root[data-theme="dark"] .boot-chat .hljs-comment'],
    ],
    ["/* a comment */ .hljs-title.function_ { color: red; }", [".boot-chat .hljs-title.function_"]],
  ])("scopes %j", (css, expected) => {
    expect(selectorsOf(frameMarkdownCss(css))).toEqual(expected);
  });

  it("keeps the declarations and drops the comments", () => {
    expect(frameMarkdownCss("/* why */\n.markdown a {\n  color: var(--link);\n}\n")).toBe(
      ".boot-chat .markdown a { color: var(--link); }",
    );
  });

  it("keeps a line break inside a selector or a value as the whitespace it is", () => {
    expect(frameMarkdownCss(".markdown\n  .katex {\n  border: 1px\n    solid red;\n}")).toBe(
      ".boot-chat .markdown .katex { border: 1px solid red; }",
    );
  });

  it("refuses what it cannot scope rather than leaking it onto every page", () => {
    expect(() =>
      frameMarkdownCss("@keyframes spin { to { rotate: 1turn; } } .markdown { margin: 0; }"),
    ).toThrow(/markdown\.css: .*@keyframes/);
  });

  it("scopes a media query's rules as the others", () => {
    expect(
      frameMarkdownCss("@media (max-width: 600px) {\n  .markdown pre,\n  .katex { margin: 0; }\n}"),
    ).toBe("@media (max-width: 600px) { .boot-chat .markdown pre, .boot-chat .katex { margin: 0; } }");
  });

  it("carries every rule of the app's markdown.css, each under the frame", () => {
    const source = selectorsOf(readFileSync("client/chat/markdown/markdown.css", "utf8"));
    const scoped = selectorsOf(frameMarkdownCss());
    expect(scoped).toHaveLength(source.length);
    expect(scoped.every((s) => /^(:root(\[[^\]]*\])*\s+)?\.boot-chat /.test(s))).toBe(true);
  });
});

/** Each rule, in a media query or not, as [its query, a selector, its declarations], one row per selector. */
const rulesOf = (css: string) => {
  const rows: [string, string, string[]][] = [];
  postcss.parse(css).walkRules((rule) => {
    const media = rule.parent instanceof postcss.AtRule ? rule.parent.params : "";
    const decls = (rule.nodes ?? []).flatMap((n) => (n.type === "decl" ? [`${n.prop}: ${n.value}`] : []));
    for (const selector of rule.selectors) rows.push([media, selector, decls]);
  });
  return rows;
};
const underFrame = (rows: [string, string, string[]][]) =>
  rows.map(([media, selector, decls]) => [media, `.boot-chat ${selector}`, decls]);

describe("frameFilesCss", () => {
  it("takes every rule, a narrow screen's included, each under the frame", () => {
    const css = [
      "/* why */ .file-chip { padding: 6px; }",
      ".file-chip-remove:hover, .message-files .file-chip-image { color: red; }",
      "@media (max-width: 720px) { .file-chip { max-width: 100%; } }",
    ].join("\n");
    expect(frameFilesCss(css)).toBe(
      ".boot-chat .file-chip { padding: 6px; } .boot-chat .file-chip-remove:hover, .boot-chat .message-files .file-chip-image { color: red; } @media (max-width: 720px) { .boot-chat .file-chip { max-width: 100%; } }",
    );
  });

  it("refuses what it cannot scope rather than leaking it onto every page", () => {
    expect(() => frameFilesCss("@supports (width: 1lh) { .file-chip { width: 1lh; } }")).toThrow(
      /file-chip\.css: .*@supports/,
    );
  });

  it("carries every rule of the app's file-chip.css, with its declarations and media query, under the frame", () => {
    const app = rulesOf(readFileSync("client/chat/file-chip.css", "utf8"));
    expect(app.map(([, selector]) => selector)).toEqual(
      expect.arrayContaining([".message-files", ".message-image", ".file-chip", ".file-chip-warning"]),
    );
    expect(app.some(([media]) => media !== "")).toBe(true);
    expect(rulesOf(frameFilesCss())).toEqual(underFrame(app));
  });
});

describe("framePicturesCss", () => {
  it("takes an answer's pictures' rules only, each under the frame", () => {
    const css = [
      ".generated-images { display: flex; }",
      ".generated-images img, .image-choices { display: block; }",
      ".generated-images-hint, .message .generated-images { margin: 0; }",
    ].join("\n");
    expect(framePicturesCss(css)).toBe(
      ".boot-chat .generated-images { display: flex; } .boot-chat .generated-images img { display: block; }",
    );
  });

  it("carries every rule of the app's chat.css for an answer's pictures, with its declarations, under the frame", () => {
    const app = rulesOf(readFileSync("client/chat/chat.css", "utf8")).filter(([, selector]) =>
      /^\.generated-images(?![\w-])/.test(selector),
    );
    expect(app.map(([, selector]) => selector)).toEqual(
      expect.arrayContaining([".generated-images", ".generated-images img", ".generated-images figure"]),
    );
    expect(rulesOf(framePicturesCss())).toEqual(underFrame(app));
  });
});

describe("the first frame's styles in the page", () => {
  const transform = bootShell().transformIndexHtml as (html: string) => string;
  const page = transform(readFileSync("client/index.html", "utf8"));
  const styles = /<style>\n([\s\S]*?)<\/style>/.exec(page)?.[1] ?? "";
  const own = readFileSync("client/boot-shell.css", "utf8");
  const picks = [frameMarkdownCss, frameSourcesCss, frameAnswerPartsCss, framePicturesCss, frameFilesCss];

  it("hold each of the app's rules the frame takes, before the frame's own (which set what differs)", () => {
    const at = picks.map((pick) => styles.indexOf(pick()));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(Math.max(...at)).toBeLessThan(styles.indexOf(own));
  });

  it("copy none of them: no rule of the frame's own sets what the app's already set for it", () => {
    const set = new Set(
      picks.flatMap((pick) =>
        rulesOf(pick()).flatMap(([media, selector, decls]) => decls.map((d) => `${media}|${selector}|${d}`)),
      ),
    );
    const copies = rulesOf(own).flatMap(([media, selector, decls]) =>
      decls.map((d) => `${media}|${selector}|${d}`).filter((row) => set.has(row)),
    );
    expect(copies).toEqual([]);
  });
});
