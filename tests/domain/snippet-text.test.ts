// Search snippets read as plain text: markdown's marks go, the words a reader sees and the searched ones stay.
import { describe, expect, it } from "vitest";
import { messageSnippet } from "../../src/domain/message-snippet";
import { snippetParts } from "../../src/domain/search";
import { openFenceAt, snippetText } from "../../src/domain/snippet-text";

describe("snippetText", () => {
  it.each<[string, string, string[], string]>([
    ["plain text", "just words, as typed", [], "just words, as typed"],
    ["headings", "# Title\n## Sub title ##\nbody", [], "Title\nSub title\nbody"],
    ["closing hashes only after a blank", "# a #b\n## c\t##  \n# d##", [], "a #b\nc\nd##"],
    ["bold and italics", "**bold**, __strong__, *em* and _em_", [], "bold, strong, em and em"],
    ["bold italics", "***both*** and ___both___", [], "both and both"],
    ["strikethrough", "~~gone~~ and ~gone~", [], "gone and gone"],
    ["emphasis inside a word", "un**believ**able", [], "unbelievable"],
    ["underscores inside words", "snake_case_name and a_b_c", [], "snake_case_name and a_b_c"],
    ["a lone star", "5 * 3 = 15 and *that*", [], "5 * 3 = 15 and that"],
    ["unclosed marks, shown as typed", "**open and `tick", [], "**open and `tick"],
    ["code spans", "run `npm install` or ``a ` b``", [], "run npm install or a ` b"],
    [
      "a code span's padding, as marked strips it",
      "` a\u2028\u2028b ` and `  ` x",
      [],
      "a\u2028\u2028b and    x",
    ],
    ["markup inside code spans", "`**not bold** [x](y)`", [], "**not bold** [x](y)"],
    ["escapes", "\\*not em\\* and \\# and \\`", [], "*not em* and # and `"],
    ["bullets", "- one\n* two\n+ three", [], "one\ntwo\nthree"],
    ["nested and ordered lists", "1. first\n   2) second\n  - inner", [], "first\nsecond\ninner"],
    ["a list number that was searched for", "2024. a year", ["2024"], "2024 a year"],
    ["task lists", "- [ ] todo\n- [x] done", [], "todo\ndone"],
    ["quotes", "> quoted\n> > nested *em*", [], "quoted\nnested em"],
    ["a link, its address dropped", "see [the docs](https://example.com/a_b_c) now", [], "see the docs now"],
    ["a link with a title", '[docs](https://x.y "Title") now', [], "docs now"],
    [
      "a link whose address was searched for",
      "see [the docs](https://github.com/x) now",
      ["github"],
      "see the docs (https://github.com/x) now",
    ],
    ["an address with parentheses", "[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) is", [], "Foo is"],
    ["a picture", "![a cat](https://x.y/cat.png) sat", [], "a cat sat"],
    ["a picture without words", "![](https://x.y/cat.png)", [], "https://x.y/cat.png"],
    ["reference links", "[the docs][1]\n\n[1]: https://example.com", [], "the docs"],
    ["autolinks", "<https://a.b/x_y_z> and <me@example.com>", [], "https://a.b/x_y_z and me@example.com"],
    ["bare addresses keep their underscores", "https://a.b/_x_ and **b**", [], "https://a.b/_x_ and b"],
    ["a fence, its language dropped", "```python\nprint('**hi**')\n```\nafter", [], "print('**hi**')\nafter"],
    ["a fence whose language was searched for", "```python\nx = 1\n```", ["python"], "python\nx = 1"],
    ["a tilde fence", "~~~~\n# not a heading\n~~~~", [], "# not a heading"],
    ["an unclosed fence", "text\n```\n- not a list", [], "text\n- not a list"],
    ["a fence in a quote", "> ```\n> *x*\n> ```\n> *y*", [], "*x*\ny"],
    ["a fence in a list", "- ```\n  *x*\n  ```", [], "*x*"],
    ["inline TeX", "so $x_1 + y_1$ and \\(a*b*c\\)", [], "so x_1 + y_1 and a*b*c"],
    ["display TeX", "$$\n\\sum_i a_i\n$$\nand \\[E = mc^2\\]", [], "\\sum_i a_i\nand [E = mc^2]"],
    ["prices are not TeX", "costs $5 and $10", [], "costs $5 and $10"],
    ["tables", "| a | b |\n|---|:-:|\n| 1 | **2** |", [], "a b\n1 2"],
    ["a table without outer pipes", "a | b\n--- | ---\n1 | 2", [], "a b\n1 2"],
    ["an indented table", "  | a | b |\n  | --- |:-- |\n  | 1 | 2 |", [], "a b\n1 2"],
    [
      "thematic breaks and setext underlines",
      "Title\n===\ntext\n\n---\n\n* * *\nmore",
      [],
      "Title\ntext\nmore",
    ],
    ["raw HTML, shown as the text it is", "<b>x</b> & <mark>y</mark>", [], "<b>x</b> & <mark>y</mark>"],
    ["Windows line ends", "a\r\n```\r\n**x**\r\n```\r\nb", [], "a\n**x**\nb"],
    ["private-use characters survive", "a \uE0000\uE001 b", [], "a \uE0000\uE001 b"],
  ])("%s", (_label, markdown, terms, plain) => {
    expect(snippetText(markdown, terms)).toBe(plain);
  });
});

describe("snippetText reads TeX where the chat's renderer finds it (chat/markdown-math.ts)", () => {
  it.each<[string, string, string[], string]>([
    ["\\[…\\] amid a line: escaped brackets", "and \\[E = mc^2\\] here", [], "and [E = mc^2] here"],
    ["\\[…\\] opening a line that goes on", "\\[x\\] is a box", [], "[x] is a box"],
    ["\\[…\\] in a heading", "# \\[x\\]", [], "[x]"],
    ["\\[…\\] in a table", "| a |\n|---|\n| \\[x\\] |\n\\[y\\]", [], "a\n[x]\n[y]"],
    ["\\[…\\] as a line amid a paragraph", "text\n  \\[E = mc^2\\]\nmore", [], "text\nE = mc^2\nmore"],
    ["\\[…\\] over lines", "\\[\nx = 1\n\\]", [], "x = 1"],
    ["blank lines and marks inside display math", "\\[\na\n\n# b\n\\]", [], "a\n\n# b"],
    ["display math ends where a line does", "\\[a\\] \\[b\\]\n$$c$$ d $$e$$", [], "a\\] \\[b\nc$$ d $$e"],
    ["$$…$$ over a blank line", "$$\na\n\nb\n$$", [], "a\n\nb"],
    ["display math in a quote", "> a\n> \\[\n> x\n> \\]\n> b", [], "a\nx\nb"],
    ["display math in a list", "1. Compute:\n   \\[x\\]\n2. \\[y\\]", [], "Compute:\nx\ny"],
    ["display math after a searched list number", "2024. \\[x\\]", ["2024"], "2024 x"],
    ["an unclosed \\[", "\\[x\nand y", [], "[x\nand y"],
    ["empty display math", "\\[ \\]\nnext", [], "[ ]\nnext"],
    ["\\(…\\) alone over lines", "\\(\nx\n\\)", [], "x"],
    ["\\(…\\) in a heading", "# h \\(x\\)", [], "h x"],
    ["\\(\\) takes the next closer", "\\(\\) and \\(x\\)", [], "\\) and \\(x"],
  ])("%s", (_label, markdown, terms, plain) => {
    expect(snippetText(markdown, terms)).toBe(plain);
  });
});

describe("openFenceAt", () => {
  it.each<[string, ReturnType<typeof openFenceAt>]>([
    ["text\n```js\ncode", { mark: "```", quoted: false }],
    ["```\ncode\n```\n", null],
    ["````\n```\nstill code", { mark: "````", quoted: false }],
    ["> ~~~\n> code", { mark: "~~~", quoted: true }],
    ["- ```\n  code", { mark: "```", quoted: false }],
    ["```not`a fence\n", null],
    ["inline ``` is no fence", null],
  ])("%j", (markdown, fence) => {
    expect(openFenceAt(markdown)).toEqual(fence);
  });
});

describe("messageSnippet", () => {
  const code = "a_b **c** ".repeat(100);
  it.each<[string, string, string[], string]>([
    [
      "marks gone, the match highlighted",
      "**Bold**, `code` and [a link](https://x.y) around the *target* word",
      ["target"],
      "Bold, code and a link around the <mark>target</mark> word",
    ],
    [
      "a match made of marked parts",
      "the **kale**idoscope",
      ["kaleidoscope"],
      "the <mark>kaleidoscope</mark>",
    ],
    [
      "a match in a link's address",
      "[docs](https://github.com/x) here",
      ["github"],
      "docs (https://<mark>github</mark>.com/x) here",
    ],
    [
      "HTML still escaped",
      "<b>**x**</b> & needle",
      ["needle"],
      "&lt;b&gt;x&lt;/b&gt; &amp; <mark>needle</mark>",
    ],
    [
      "a match deep in a long message",
      `${"word ".repeat(400)}**needle** in _emphasis_`,
      ["needle"],
      "…word word word word word word word word word word <mark>needle</mark> in emphasis",
    ],
    [
      "an excerpt that starts inside a code block",
      `intro\n\`\`\`js\n${code}needle\n\`\`\`\n**after**`,
      ["needle"],
      "…a_b **c** a_b **c** a_b **c** a_b **c** a_b **c** <mark>needle</mark> after",
    ],
    [
      "an excerpt cut before the message ends",
      `${"x".repeat(3000)} needle ${"z ".repeat(2000)}`,
      ["needle"],
      `…<mark>needle</mark> ${"z ".repeat(77).trimEnd()}…`,
    ],
  ])("%s", (_label, markdown, terms, snippet) => {
    expect(messageSnippet(markdown, terms)).toBe(snippet);
  });

  it("highlights exactly the searched words of the text shown", () => {
    const snippet = messageSnippet("## Plan\n\n1. **Buy** `milk`\n2. Call [Bob](https://b.ob)", [
      "milk",
      "bob",
    ]);
    expect(snippetParts(snippet)).toEqual([
      { text: "Plan Buy ", mark: false },
      { text: "milk", mark: true },
      { text: " Call ", mark: false },
      { text: "Bob", mark: true },
    ]);
  });
});
