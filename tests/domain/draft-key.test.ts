// Draft keys (SPEC §3 local storage): one per chat, and one per assistant before the chat exists.
import { describe, expect, it } from "vitest";
import { draftKeyOf } from "../../src/domain/chat/draft-key";

describe("draft keys", () => {
  it("keys a draft per chat, and per assistant before the chat exists", () => {
    expect(draftKeyOf("default", 12)).toBe("chat:12");
    expect(draftKeyOf("default", null)).toBe("new:default");
    expect(draftKeyOf("5", null)).toBe("new:5");
  });
});
