// Names shortened inside our sentences (a notice "… saved"): whole characters, "…" at the cut, the limit kept;
// the sentence with the name whole again, for its tooltip.
import { describe, expect, it } from "vitest";
import { shortName, wholeName } from "../../src/domain/short-name";

const LONG = `محقق 🦜 Research ${"x".repeat(183)}`;

describe("shortName", () => {
  it.each([
    ["Writing coach", 40, "Writing coach"],
    ["", 40, ""],
    // Exactly the limit stays whole; one more is cut with the ellipsis counted in the limit.
    ["abcde", 5, "abcde"],
    ["abcdef", 5, "abcd…"],
    // The QA case: Arabic, an emoji and a run of x's, 200 characters.
    [LONG, 24, "محقق 🦜 Research xxxxxxx…"],
    // An emoji with a skin tone, a flag and a family are one character each, never split.
    ["👍🏽👍🏽👍🏽👍🏽", 3, "👍🏽👍🏽…"],
    ["🇫🇷🇩🇪🇮🇹🇪🇸", 3, "🇫🇷🇩🇪…"],
    ["👨‍👩‍👧‍👦 family", 2, "👨‍👩‍👧‍👦…"],
    // A letter with combining accents is one character.
    ["e\u0301e\u0301e\u0301e\u0301", 3, "e\u0301e\u0301…"],
    // No space before the ellipsis, and a name on one line.
    ["Research  assistant for\nbooks", 10, "Research…"],
    ["  padded  ", 10, "padded"],
  ])("%j at most %i → %j", (name, max, short) => {
    expect(shortName(name, max)).toBe(short);
  });

  it("never gives more characters than the limit", () => {
    const count = (s: string) =>
      [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)].length;
    for (const max of [1, 2, 10, 40]) expect(count(shortName(LONG, max))).toBeLessThanOrEqual(max);
  });
});

describe("wholeName", () => {
  const long = "Rechtsschutzversicherungsgesellschaftenberatungsassistent Donaudampfschifffahrt";
  it.each([
    // The shortened name, wherever it stands in the sentence, is put back whole.
    [`${shortName(long, 40)} saved`, long, 40, `${long} saved`],
    [`Moved to ${shortName(long, 40)}.`, long, 40, `Moved to ${long}.`],
    // A name short enough was never cut: the sentence is as it was.
    ["Writing coach saved", "Writing coach", 40, "Writing coach saved"],
    // Its whitespace on one line, as it was shown.
    ["Research… saved", "Research  assistant for\nbooks", 10, "Research assistant for books saved"],
    // Only the first place: a sentence naming it twice says it whole once.
    ["abcd… and abcd…", "abcdefgh", 5, "abcdefgh and abcd…"],
    // A sentence without the name, or an empty name, stays.
    ["Order saved", "abcdefgh", 5, "Order saved"],
    ["Order saved", "", 5, "Order saved"],
  ])("%j with %j (at most %i) → %j", (text, name, max, whole) => {
    expect(wholeName(text, name, max)).toBe(whole);
  });
});
