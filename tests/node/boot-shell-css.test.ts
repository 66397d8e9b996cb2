// The open chat's first frame takes the app's markdown rules, scoped to it by the build (scripts/lib/boot-shell.ts).
import { readFileSync } from "node:fs";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { frameMarkdownCss } from "../../scripts/lib/frame-css.ts";

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
    expect(() => frameMarkdownCss("@media (max-width: 600px) { .markdown { margin: 0; } }")).toThrow(
      /@media/,
    );
  });

  it("carries every rule of the app's markdown.css, each under the frame", () => {
    const source = selectorsOf(readFileSync("client/chat/markdown/markdown.css", "utf8"));
    const scoped = selectorsOf(frameMarkdownCss());
    expect(scoped).toHaveLength(source.length);
    expect(scoped.every((s) => /^(:root(\[[^\]]*\])*\s+)?\.boot-chat /.test(s))).toBe(true);
  });
});
