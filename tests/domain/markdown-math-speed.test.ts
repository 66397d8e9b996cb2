// The chat's renderer reads math in time that grows with the text, not its square: on the Worker (the shared
// page, an open chat's first frame) CPU time is short. marked hands its math tokenizers only the rest of the
// text; searched from there to the end at each call, 100 KB of unclosed openers took seconds.
import { describe, it } from "vitest";
import { createMarkdown, escapeHtml } from "../../src/domain/chat/markdown-rules";
import { expectLinear, repeat } from "./linear-time";

const markdown = createMarkdown({
  math: (token) => `[${token.display ? "display" : "inline"}:${escapeHtml(token.text)}]`,
  code: (token) => `<pre>${escapeHtml(token.text)}</pre>`,
});

/** Markdown that has the math tokenizers (or marked, where they cut a paragraph) look far ahead. */
const ADVERSARIAL: [string, (length: number) => string][] = [
  ["\\( alone", (n) => repeat("\\(", n)],
  ["a dollar, then escapes", (n) => `$${repeat("\\a", n)}`],
  ["words between exclamation marks", (n) => repeat("Hi! ", n)],
  ["backslashes before letters", (n) => repeat("\\a", n)],
  ["short paragraphs", (n) => repeat("a\n\n", n)],
  ["$$ opening lines without closers", (n) => repeat("$$a\n", n)],
  ["\\[ opening lines without closers", (n) => repeat("\\[a\n", n)],
  ["formulas between lines", (n) => repeat("a\n$$x$$\n", n)],
  ["bracketed formulas between lines", (n) => repeat("a\n\\[x\\]\n", n)],
  ["\\[ mid-line", (n) => repeat("a \\[b ", n)],
];

describe("the chat's markdown on adversarial text", () => {
  it.each(ADVERSARIAL)("%s", (_label, make) => {
    expectLinear((text) => markdown.parse(text), make, 2_000);
  });
});
