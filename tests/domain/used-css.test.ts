// A stylesheet cut to what a page's markup can use (src/domain/used-css.ts): which rules, selectors and fonts
// stay, the cascade's order kept, and a sheet it cannot read kept whole.
import { describe, expect, it } from "vitest";
import { classesIn, usedRules } from "../../src/domain/used-css";

const FONT = (family: string) => `@font-face{font-family:${family};src:url(${family}.woff2) format("woff2")}`;

describe("classesIn", () => {
  it("reads every class attribute's names", () => {
    expect([
      ...classesIn('<span class="katex"><span class=" mord  mathnormal">x</span></span><b>y</b>'),
    ]).toEqual(["katex", "mord", "mathnormal"]);
  });
});

describe("usedRules", () => {
  it.each([
    [
      "a rule whose classes are all in the markup stays",
      ".a .b{color:red}",
      '<i class="a"><i class="b"></i></i>',
      ".a .b{color:red}",
    ],
    ["a rule naming a class the markup lacks goes", ".a .c{color:red}", '<i class="a b"></i>', ""],
    [
      "of a list of selectors, those that can match stay",
      ".a,.c,.a.b{x:1}",
      '<i class="a b"></i>',
      ".a,.a.b{x:1}",
    ],
    ["a class only excluded (:not) is not needed", ".a:not(.z){x:1}", '<i class="a"></i>', ".a:not(.z){x:1}"],
    ["a selector naming no class stays", "body{x:1}svg{y:2}", "", "body{x:1}svg{y:2}"],
    ["another pseudo-class with parentheses stays", ".q:is(.r,.s){x:1}", "", ".q:is(.r,.s){x:1}"],
    [
      "braces in a string do not end the rule",
      '.a:after{content:"}{"}.c{x:1}',
      '<i class="a"></i>',
      '.a:after{content:"}{"}',
    ],
    ["a comment is not a rule", "/* .a{ */.a{x:1}", '<i class="a"></i>', "/* .a{ */.a{x:1}"],
  ])("%s", (_label, css, html, expected) => {
    expect(usedRules(css, html)).toBe(expected);
  });

  it("keeps the fonts the kept rules name, and other at-rules, in the sheet's order", () => {
    const css = `${FONT("KaTeX_Main")}${FONT("KaTeX_Math")}${FONT("KaTeX_AMS")}.k{font:1.2em KaTeX_Main,serif}@media print{.k{color:#000}}.m{font-family:KaTeX_Math}.a{font-family:KaTeX_AMS}`;
    expect(usedRules(css, '<i class="k m"></i>')).toBe(
      `${FONT("KaTeX_Main")}${FONT("KaTeX_Math")}.k{font:1.2em KaTeX_Main,serif}@media print{.k{color:#000}}.m{font-family:KaTeX_Math}`,
    );
  });

  it("does not take a family for another it begins (KaTeX_Size1 is not KaTeX_Size12)", () => {
    const css = `${FONT("KaTeX_Size1")}.s{font-family:KaTeX_Size12}`;
    expect(usedRules(css, '<i class="s"></i>')).toBe(".s{font-family:KaTeX_Size12}");
  });

  it.each([
    ["a style rule holding a block (nesting)", ".a{color:red;.b{x:1}}"],
    ["braces that do not balance", ".a{color:red"],
    ["text after the last rule", ".a{x:1}stray"],
  ])("keeps a sheet it cannot read whole: %s", (_label, css) => {
    expect(usedRules(css, "")).toBe(css);
  });
});
