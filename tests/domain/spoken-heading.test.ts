// A heading line as the announcer reads it (spoken-text.ts): its marks and its words, without closing marks.
// Read back from the line's end, as the regular expression before it read it, without its seconds.
import { describe, expect, it } from "vitest";
import { headingAt } from "../../src/domain/chat/spoken-text";

/** The expression headingAt replaces: right, but it read a heading's blanks again after each of its characters. */
const ATX_HEADING = /^( {0,3}#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const before = (line: string) => {
  const match = ATX_HEADING.exec(line);
  return match ? { marks: match[1], words: match[2] } : null;
};

describe("headingAt", () => {
  it.each<[string, string, { marks: string; words: string } | null]>([
    ["a heading", "## Words", { marks: "##", words: "Words" }],
    ["closing marks", "## Words ##", { marks: "##", words: "Words" }],
    ["closing marks and blanks", "# Words \t#### \t", { marks: "#", words: "Words" }],
    ["a mark in a word", "# C#", { marks: "#", words: "C#" }],
    ["marks in the words", "# a ## b", { marks: "#", words: "a ## b" }],
    ["marks only", "# ##", { marks: "#", words: "##" }],
    ["no words", "###   ", { marks: "###", words: "" }],
    ["indented", "   # a", { marks: "   #", words: "a" }],
    ["indented too far", "    # a", null],
    ["seven marks", "####### a", null],
    ["no blank after the marks", "#a", null],
    ["a line separator in it", "# a\u2028b", null],
  ])("%s", (_label, line, expected) => {
    expect(headingAt(line)).toEqual(expected);
  });

  it("reads as the expression did", () => {
    const pieces = [" ", "\t", "#", "##", "a", "b c", " #", "\u2028", "\r"];
    let seed = 5;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const lines = Array.from({ length: 20_000 }, () =>
      Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]).join(""),
    );
    expect(lines.filter((line) => JSON.stringify(headingAt(line)) !== JSON.stringify(before(line)))).toEqual(
      [],
    );
  });
});
