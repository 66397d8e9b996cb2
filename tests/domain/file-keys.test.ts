// Which R2 keys a user's request may read: under their own prefix, with no path trick, and short enough to exist.
import { describe, expect, it } from "vitest";
import { isOwnGeneratedKey, MAX_KEY_BYTES } from "../../src/domain/file-keys";

describe("isOwnGeneratedKey", () => {
  const own = "generated/3/";
  it.each([
    [`${own}0b6f.png`, true],
    ["generated/4/0b6f.png", false],
    [`${own}../4/0b6f.png`, false],
    [`${own}a//b.png`, false],
    // R2 keys stop at 1,024 bytes: a longer one is simply not found (asking R2 for it would throw).
    [`${own}${"a".repeat(MAX_KEY_BYTES - own.length)}`, true],
    [`${own}${"a".repeat(MAX_KEY_BYTES - own.length + 1)}`, false],
    [`${own}${"é".repeat(510)}`, false],
  ])("%s → %s", (key, allowed) => {
    expect(isOwnGeneratedKey(key, 3)).toBe(allowed);
  });
});
