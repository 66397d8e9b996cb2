// Chat titles made from a light model's answer, or the first message.
import { describe, expect, it } from "vitest";
import { cleanTitle } from "../../src/domain/chat/title";

describe("cleanTitle", () => {
  it.each([
    ["# Paris trip ideas\n\nSome text", "fallback", "Paris trip ideas"],
    ['"Quoted title"', "fallback", "Quoted title"],
    ["", "What is the capital of France?", "What is the capital of France?"],
    ["**Bold** `title`", "f", "Bold title"],
    ["  \n\n- listed title", "f", "listed title"],
    [
      "A very long title that goes on and on well past the sixty character limit we set",
      "f",
      "A very long title that goes on and on well past the sixty…",
    ],
  ])("%j → %j", (raw, fallback, expected) => {
    expect(cleanTitle(raw, fallback)).toBe(expected);
  });
});
