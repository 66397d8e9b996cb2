// Display math and tables in quotes and list items: the announcer says what the chat's renderer shows there
// (a formula as symbols, a table row by row), as it does at the top level. Each case also pins what the
// renderer shows, so the two cannot drift apart unseen.
import { describe, expect, it } from "vitest";
import { createMarkdown, escapeHtml } from "../../src/domain/chat/markdown-rules";
import { spokenText } from "../../src/domain/chat/spoken-text";

const markdown = createMarkdown({
  math: (token) => `[${token.display ? "display" : "inline"}:${escapeHtml(token.text)}]`,
  code: (token) => `<pre>${escapeHtml(token.text)}</pre>`,
});
/** The renderer's HTML, without the newlines marked puts between tags, nor a table's head and body. */
const shown = (text: string) =>
  (markdown.parse(text) as string).replace(/>\n/g, ">").replace(/<\/?t(?:head|body)>/g, "");
const said = (text: string) => spokenText(text).replace(/\s+/g, " ").trim();

type Case = [name: string, markdown: string, shown: string, said: string];

describe("display math in quotes and list items", () => {
  it.each<Case>([
    ["a list item's formula", "- \\[x^2\\]", "<ul><li>[display:x^2]</li></ul>", "x²."],
    [
      "a formula between items",
      "- one\n- \\[\\frac{a}{b}\\]\n- two",
      "<ul><li>one</li><li>[display:\\frac{a}{b}]</li><li>two</li></ul>",
      "one. a/b. two.",
    ],
    [
      "a formula after an item's words",
      "1. Compute:\n   \\[\\sqrt{x}\\]\n2. Done",
      "<ol><li>Compute:[display:\\sqrt{x}]</li><li>Done</li></ol>",
      "Compute: √x. Done.",
    ],
    [
      "a formula going on with the item's words",
      "- so\n  $$x^2$$\n  for all x",
      "<ul><li>so[display:x^2]for all x</li></ul>",
      "so x² for all x.",
    ],
    [
      "a nested item's formula",
      "- a\n  - \\[x^2\\]",
      "<ul><li>a<ul><li>[display:x^2]</li></ul></li></ul>",
      "a. x².",
    ],
    [
      "a nested item's formula over lines",
      "- a\n  - $$\n    - \\frac{1}{2}\n    $$",
      "<ul><li>a<ul><li>[display:- \\frac{1}{2}]</li></ul></li></ul>",
      "a. − 1/2.",
    ],
    ["a quote's formula", "> \\[\\frac{a}{b}\\]", "<blockquote>[display:\\frac{a}{b}]</blockquote>", "a/b."],
    [
      "a quote's formula over lines",
      "> \\[\n> \\pi r^2\n> \\]\n\nAfter.",
      "<blockquote>[display:\\pi r^2]</blockquote><p>After.</p>",
      "π r². After.",
    ],
    [
      "a quote's formula the sentence goes on after",
      "> It is\n>\n> \\[x^2\\]\n>\n> so with x = 3, 9.",
      "<blockquote><p>It is</p>[display:x^2]<p>so with x = 3, 9.</p></blockquote>",
      "It is x² so with x = 3, 9.",
    ],
    [
      "a formula in a list item's quote",
      "- > \\[x^2\\]",
      "<ul><li><blockquote>[display:x^2]</blockquote></li></ul>",
      "x².",
    ],
    [
      "a formula in a quote's list",
      "> - \\[x^2\\]\n> - two",
      "<blockquote><ul><li>[display:x^2]</li><li>two</li></ul></blockquote>",
      "x². two.",
    ],
    [
      "brackets mid-line in an item, then opening the next",
      "- a \\[x\\] b\n- \\[y\\]",
      "<ul><li>a [x] b</li><li>[display:y]</li></ul>",
      "a [x] b. y.",
    ],
    [
      "brackets whose closer is in the next item",
      "> - \\[x\n> - y\\]",
      "<blockquote><ul><li>[x</li><li>y]</li></ul></blockquote>",
      "[x. y].",
    ],
    [
      "brackets whose closer is out of the quote",
      "> \\[\nx\n\\]",
      "<blockquote><p>[\nx\n]</p></blockquote>",
      "[ x ]",
    ],
  ])("%s", (_, text, html, words) => {
    expect(shown(text)).toBe(html);
    expect(said(text)).toBe(words);
  });
});

describe("tables in quotes and list items", () => {
  it.each<Case>([
    [
      "a quote's table",
      "> | Name | Age |\n> |---|---|\n> | Ann | 31 |",
      "<blockquote><table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table></blockquote>",
      "Name, Age. Ann, 31.",
    ],
    [
      "a list item's table",
      "- | Name | Age |\n  |---|---|\n  | Ann | 31 |\n- next",
      "<ul><li><table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table></li><li>next</li></ul>",
      "Name, Age. Ann, 31. next.",
    ],
    [
      "a table quoted after an item's words, its cells' marks and math",
      "1. Prices:\n\n   > | Plan | Price |\n   > |---|---|\n   > | **Pro** | $x^2$ |",
      "<ol><li><p>Prices:</p><blockquote><table><tr><th>Plan</th><th>Price</th></tr><tr><td><strong>Pro</strong></td><td>[inline:x^2]</td></tr></table></blockquote></li></ol>",
      "Prices: Plan, Price. Pro, x².",
    ],
    [
      "a table in a list item's quote",
      "- > | a | b |\n  > |---|---|\n  > | 1 | 2 |",
      "<ul><li><blockquote><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></blockquote></li></ul>",
      "a, b. 1, 2.",
    ],
    [
      "a table in a quote's list",
      "> - | a | b |\n>   |---|---|\n>   | 1 | 2 |",
      "<blockquote><ul><li><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></li></ul></blockquote>",
      "a, b. 1, 2.",
    ],
    [
      "a list item's table going on with a line out of its indent",
      "- | h |\n  |---|\n  | 1 |\n| 2 |",
      "<ul><li><table><tr><th>h</th></tr><tr><td>1</td></tr><tr><td>2</td></tr></table></li></ul>",
      "h. 1. 2.",
    ],
  ])("%s", (_, text, html, words) => {
    expect(shown(text)).toBe(html);
    expect(said(text)).toBe(words);
  });
});

describe("other blocks in quotes and list items", () => {
  it.each<Case>([
    [
      "a quote's list items end as sentences",
      "> - one\n> - two",
      "<blockquote><ul><li>one</li><li>two</li></ul></blockquote>",
      "one. two.",
    ],
    [
      "a quote's heading ends as a sentence",
      "> ## Why\n> Because",
      "<blockquote><h2>Why</h2><p>Because</p></blockquote>",
      "Why. Because",
    ],
    [
      "a number going on with a paragraph is words",
      "The year\n1986. was good",
      "<p>The year\n1986. was good</p>",
      "The year 1986. was good",
    ],
  ])("%s", (_, text, html, words) => {
    expect(shown(text)).toBe(html);
    expect(said(text)).toBe(words);
  });
});
