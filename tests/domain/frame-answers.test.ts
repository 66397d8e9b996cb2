// The digest by which the app keeps an open chat's answers as its first frame typeset them
// (src/domain/chat/frame-answers.ts): the same text gives the same digest, any change another.
import { describe, expect, it } from "vitest";
import { contentDigest, fnv1a } from "../../src/domain/chat/frame-answers";

describe("an answer's digest", () => {
  it.each([
    ["", 2166136261],
    ["a", 0xe40c292c],
    ["foobar", 0xbf9cf968],
  ])("FNV-1a of %j is the published value", (text, hash) => {
    expect(fnv1a(text)).toBe(hash);
  });

  it.each([
    ["the same text", "## Four\n\n$2+2=4$", "## Four\n\n$2+2=4$", true],
    [
      "one more character (an answer still being written)",
      "## Four\n\n$2+2=4$",
      "## Four\n\n$2+2=4$.",
      false,
    ],
    ["one character changed", "Four is $2+2$", "Four is $2+3$", false],
    ["non-Latin text", "Vier – ist 2+2 ✓ 四", "Vier – ist 2+2 ✓ 四", true],
    ["the same length, other text", "abcd", "abce", false],
  ])("%s", (_label, frame, app, same) => {
    expect(contentDigest(frame) === contentDigest(app)).toBe(same);
  });
});
