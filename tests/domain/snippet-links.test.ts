// Links in a search snippet's paragraph, read in one pass as the regular expressions before them read them.
import { describe, expect, it } from "vitest";
import { type LinkParts, replaceLinks, replaceReferences } from "../../src/domain/snippet-links";

const show = ({ bang, label, url, titles }: LinkParts) => `{${bang}${label}|${url}|${titles.join("|")}}`;

describe("replaceLinks", () => {
  it.each<[string, string, string]>([
    ["a link", "see [docs](https://x.y) now", "see {docs|https://x.y|||} now"],
    ["a picture", "![cat](c.png)", "{!cat|c.png|||}"],
    ["an empty label", "[](x)", "{|x|||}"],
    ["titles in each quoting", `[a](b "t") [a](b 't') [a](b (t))`, "{a|b|t||} {a|b||t|} {a|b|||t}"],
    ["blanks around the address", "[a](\t <b>  )", "{a|b|||}"],
    ["parentheses in the address", "[a](w/F_(b)) x", "{a|w/F_(b)|||} x"],
    ["a title without an address", '[a]( "t x")', "{a||t x||}"],
    ["quotes in the address", '[a]( "t")', '{a|"t"|||}'],
    ["the label runs to the first ]", "[a [b](c)", "{a [b|c|||}"],
    ["an unclosed (", "[a](b c", "[a](b c"],
    ["a title not followed by )", '[a](b "t" x)', '[a](b "t" x)'],
    ["a line break in the label", "[a\nb](c)", "[a\nb](c)"],
    ["a space inside the address's parentheses", "[a](b(c d))", "[a](b(c d))"],
    ["brackets in a label", "[[[[a](b)", "{[[[a|b|||}"],
  ])("%s", (_label, text, shown) => {
    expect(replaceLinks(text, show)).toBe(shown);
  });
});

describe("replaceReferences", () => {
  it.each<[string, string, string]>([
    ["a reference", "the [docs][1] here", "the {docs|1} here"],
    ["an empty reference", "![cat][]", "{cat|}"],
    ["an empty label is none", "[][1]", "[][1]"],
    ["a line break in the reference", "[a][b\n]", "[a][b\n]"],
  ])("%s", (_label, text, shown) => {
    expect(replaceReferences(text, (label, reference) => `{${label}|${reference}}`)).toBe(shown);
  });
});

// The expressions these scanners replace: right, but they tried each `[` to the next `]` (and, in `( … )`,
// each way of sharing its blanks), seconds for a paragraph of brackets. Short texts are quick to compare.
const LINK =
  /(!?)\[([^\]\n]*)\]\([ \t]*<?((?:[^()\s<>]|\([^()\s]*\))*)>?(?:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|\(([^()\n]*)\)))?[ \t]*\)/g;
const REFERENCE_LINK = /!?\[([^\]\n]+)\]\[([^\]\n]*)\]/g;

describe("the scanners read as the expressions did", () => {
  const pieces = ["[", "]", "(", ")", "![", "](", " ", "\t", "\n", "a", "b", '"', "'", "<", ">", "(x)", "]["];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const texts = Array.from({ length: 20_000 }, () =>
    Array.from({ length: 1 + random(16) }, () => pieces[random(pieces.length)]).join(""),
  );

  it("links", () => {
    const differ = texts.filter(
      (text) =>
        replaceLinks(text, show) !==
        text.replace(LINK, (_, bang, label, url, t1, t2, t3) =>
          show({ bang, label, url, titles: [t1, t2, t3] }),
        ),
    );
    expect(differ).toEqual([]);
  });

  it("references", () => {
    const mark = (label: string, reference: string) => `{${label}|${reference}}`;
    const differ = texts.filter(
      (text) => replaceReferences(text, mark) !== text.replace(REFERENCE_LINK, (_, l, r) => mark(l, r)),
    );
    expect(differ).toEqual([]);
  });
});
