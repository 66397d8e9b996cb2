// Where the renderers' shared rules find display math: only a line that opens with \[ or $$ starts a block;
// mid-line, \[ is an escaped bracket and $$ inline display math, in a paragraph or a quote (in a list too).
import { describe, expect, it } from "vitest";
import { opensBlockMath } from "../../src/domain/chat/markdown-math";
import { createMarkdown, escapeHtml } from "../../src/domain/chat/markdown-rules";

const markdown = createMarkdown({
  math: (token) => `[${token.display ? "display" : "inline"}:${escapeHtml(token.text)}]`,
  code: (token) => `<pre>${escapeHtml(token.text)}</pre>`,
});
/** The HTML, without the newlines marked puts between tags (a paragraph keeps its own). */
const html = (text: string) => (markdown.parse(text) as string).replace(/>\n/g, ">");

describe("display math in the chat's markdown", () => {
  it.each<[string, string, string]>([
    ["brackets mid-line, then a line", "a \\[x\\]\nb", "<p>a [x]\nb</p>"],
    ["brackets after a code span", "`\\[x\\]` \\[y\\]", "<p><code>\\[x\\]</code> [y]</p>"],
    ["a reference in a sentence", "A \\[1\\] survey, and \\[2\\].", "<p>A [1] survey, and [2].</p>"],
    [
      "brackets opening a line after one that holds them",
      "a \\[x\\]\n\\[y\\]\nb",
      "<p>a [x]</p>[display:y]<p>b</p>",
    ],
    ["a line that opens a block after a mid-line opener", "a \\[x\n\\[y\\]", "<p>a [x</p>[display:y]"],
    ["dollars mid-line, then a line", "a $$x$$\nb", "<p>a [display:x]\nb</p>"],
    ["dollars after a code span", "`$$x$$` $$y$$", "<p><code>$$x$$</code> [display:y]</p>"],
    [
      "dollars opening a line after one that holds them",
      "a $$x$$\n$$y$$\nb",
      "<p>a [display:x]</p>[display:y]<p>b</p>",
    ],
    ["brackets mid-line in a quote", "> a \\[x\\]\n> b", "<blockquote><p>a [x]\nb</p></blockquote>"],
    [
      "brackets opening a quote's line",
      "> a \\[x\\]\n> \\[y\\]",
      "<blockquote><p>a [x]</p>[display:y]</blockquote>",
    ],
    ["dollars mid-line in a quote", "> a $$x$$\n> b", "<blockquote><p>a [display:x]\nb</p></blockquote>"],
    [
      "brackets mid-line in a list item's quote",
      "- > a \\[x\\]\n  > b",
      "<ul><li><blockquote><p>a [x]\nb</p></blockquote></li></ul>",
    ],
  ])("%s", (_, text, expected) => {
    expect(html(text)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["\\[x\\]", true],
    ["   $$x$$", true],
    ["    \\[x\\]", false],
    ["a \\[x\\]", false],
    ["`\\[x\\]`", false],
  ])("knows whether %j opens display math", (line, opens) => {
    expect(opensBlockMath(line)).toBe(opens);
  });
});
