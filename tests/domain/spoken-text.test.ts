// An answer's markdown as the live region speaks it: what a reader sees, formulas as symbols where the renderer
// finds a formula (and nowhere else), tables row by row.
import { describe, expect, it } from "vitest";
import { spokenText } from "../../src/domain/chat/spoken-text";

const said = (markdown: string) => spokenText(markdown).replace(/\s+/g, " ").trim();

describe("spokenText", () => {
  it.each<[string, string, string]>([
    ["inline dollars", "The ratio is $\\frac{a}{b}$, so $x^2 \\ge 0$.", "The ratio is a/b, so x² ≥ 0."],
    ["inline parentheses", "Then \\(\\sqrt{x}\\) grows.", "Then √x grows."],
    [
      "display dollars on their own lines",
      "Sum:\n\n$$\n\\sum_{k=1}^{n} k\n$$\n\nDone.",
      "Sum: ∑_(k=1)ⁿ k. Done.",
    ],
    ["display brackets", "\\[\nE = mc^2\n\\]", "E = mc²."],
    ["display dollars inside a line", "Here $$\\pi r^2$$ is the area.", "Here π r² is the area."],
    [
      "display math interrupting a paragraph",
      "The area is\n$$\\pi r^2$$\nfor a circle.",
      "The area is π r² for a circle.",
    ],
    ["prices are money, not math", "It costs $5 and $10 today.", "It costs $5 and $10 today."],
    ["a price beside a formula", "Pay $5 for $x_1$.", "Pay $5 for x₁."],
    ["an escaped dollar", "Just \\$x\\$ here.", "Just $x$ here."],
    [
      "math in a code span stays code",
      "Type `$\\frac{a}{b}$` to get $\\frac{a}{b}$.",
      "Type $\\frac{a}{b}$ to get a/b.",
    ],
    ["math in a code block stays code", "```tex\n$\\alpha$\n```", "$\\alpha$"],
    ["formula marks not read as emphasis", "$a_1 * b_2$ and $c * d$", "a₁ * b₂ and c * d"],
    ["brackets the renderer leaves as text", "See \\[1\\] and \\(2", "See [1] and (2"],
    ["an escaped bracket opens no link", "See \\[x](https://e.test) here.", "See [x](https://e.test) here."],
    [
      "a table: the header once, then row by row",
      "| Name | Age |\n|---|---:|\n| Ann | 31 |\n| Bob | 45 |",
      "Name, Age. Ann, 31. Bob, 45.",
    ],
    [
      "a table's inline markdown and math",
      "| Term | Value |\n|---|---|\n| **Area** | $\\pi r^2$ |",
      "Term, Value. Area, π r².",
    ],
    [
      "a table row already ending a sentence",
      "| Q | A |\n|---|---|\n| Why? | Because. |",
      "Q, A. Why?, Because.",
    ],
    ["empty cells say nothing", "| | 2024 |\n|---|---|\n| Sales | 12 |", "2024. Sales, 12."],
    ["a table without outer pipes", "a | b\n--- | ---\n1 | 2", "a, b. 1, 2."],
    [
      "cells that would read as markdown marks",
      "| # | Step |\n|---|---|\n| - | 1. go |",
      "#, Step. -, 1. go.",
    ],
    ["an escaped pipe stays in its cell", "| a \\| b | c |\n|---|---|", "a | b, c."],
    ["the paragraph after a table", "| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter it.", "a, b. 1, 2. After it."],
    ["a table in a code block stays as written", "```\n| a | b |\n|---|---|\n```", "| a | b | |---|---|"],
    ["code blocks as written", "```python\ndef f(x):\n    return x * 2\n```", "def f(x): return x * 2"],
    [
      "headings and list items end as sentences; links as before",
      "## Title\n\n- see [docs](https://x.test)",
      "Title. see docs.",
    ],
    [
      "a heading's formula said as symbols",
      "## Solving $\\frac{a}{b} = \\sqrt{x}$\nBody.",
      "Solving a/b = √x. Body.",
    ],
    ["list items as sentences", "- one\n- two\n\nAfter", "one. two. After"],
    [
      "a numbered item and its continuation line",
      "1. first\n   goes on\n2. second!",
      "first goes on. second!",
    ],
    ["a formula block, then a paragraph", "$$E = mc^2$$\n\nThat is all.", "E = mc². That is all."],
    [
      "a formula block the sentence goes on after",
      "It is\n\n$$x^2$$\n\nso with x = 3, 9.",
      "It is x² so with x = 3, 9.",
    ],
    [
      "a heading before its paragraph",
      "# About\nTell me about lighthouses",
      "About. Tell me about lighthouses",
    ],
    ["a heading's closing marks, and its own punctuation", "## Why? ##\n\n### Steps:\nGo", "Why? Steps: Go"],
  ])("%s", (_, markdown, spoken) => {
    expect(said(markdown)).toBe(spoken);
  });
});
