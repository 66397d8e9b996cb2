// Names with nothing visible in them are refused as empty; anything that draws a glyph is a name.
import { describe, expect, it } from "vitest";
import { hasVisibleText } from "../../src/domain/visible-text";

describe("hasVisibleText", () => {
  it.each([
    ["", false],
    ["   ", false],
    ["\u200b", false],
    ["\u200b\u200c\u200d", false],
    ["\u2060\ufeff", false],
    ["\u00ad", false],
    ["\u3164", false],
    ["\u200e\u200f", false],
    ["\t\n\u0007", false],
    ["\u00a0\u3000", false],
    ["a", true],
    ["\u200bWriting coach", true],
    ["🧑‍💻", true],
    ["✍️", true],
    ["日本語", true],
    [" . ", true],
  ])("%j → %s", (text, visible) => {
    expect(hasVisibleText(text)).toBe(visible);
  });
});
