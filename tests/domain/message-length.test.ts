// The message length rule the send routes apply and the composer shows: trimmed, at most 100,000 characters.
import { describe, expect, it } from "vitest";
import { isTooLong, MESSAGE_MAX_CHARACTERS, sentLength } from "../../src/domain/chat/message-length";

describe("a message's length", () => {
  it.each([
    ["", 0, false],
    ["  hello  ", 5, false],
    ["a".repeat(MESSAGE_MAX_CHARACTERS), MESSAGE_MAX_CHARACTERS, false],
    [`  ${"a".repeat(MESSAGE_MAX_CHARACTERS)}\n\n`, MESSAGE_MAX_CHARACTERS, false],
    ["a".repeat(MESSAGE_MAX_CHARACTERS + 1), MESSAGE_MAX_CHARACTERS + 1, true],
  ])("%#: counts %s characters, too long: %s", (content, length, tooLong) => {
    expect(sentLength(content)).toBe(length);
    expect(isTooLong(content)).toBe(tooLong);
  });
});
