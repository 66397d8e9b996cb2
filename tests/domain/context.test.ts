// Context trimming: the newest messages that fit the model's window, never half a message.
import { describe, expect, it } from "vitest";
import { ANSWER_RESERVE_TOKENS, estimateTokens, trimContext } from "../../src/domain/chat/context";

const msg = (role: "user" | "assistant", size: number, tag = "") => ({
  role,
  content: `${tag}${"x".repeat(size)}`,
});

describe("trimContext", () => {
  const window = ANSWER_RESERVE_TOKENS + 1_000; // room for about 3,000 characters
  it.each([
    ["keeps everything that fits", [msg("user", 300), msg("assistant", 300), msg("user", 300)], 3],
    [
      "drops the oldest first",
      [msg("user", 2_000), msg("user", 600), msg("assistant", 600), msg("user", 600)],
      3,
    ],
    ["never splits a message: one too big is dropped whole", [msg("user", 5_000), msg("user", 100)], 1],
    ["always keeps the latest message even alone over budget", [msg("user", 50_000)], 1],
    ["does not open on an answer", [msg("user", 2_500), msg("assistant", 300), msg("user", 300)], 1],
    ["empty stays empty", [], 0],
  ])("%s", (_name, messages, kept) => {
    const out = trimContext(messages as { role: "user" | "assistant"; content: string }[], {
      contextWindow: window,
    });
    expect(out).toHaveLength(kept);
    if (kept > 0) expect(out.at(-1)).toBe(messages.at(-1));
    if (kept > 0) expect(out[0]?.role).toBe("user");
  });

  it("counts the system prompt against the window", () => {
    const messages = [msg("user", 1_500, "a"), msg("assistant", 100), msg("user", 100)];
    expect(trimContext(messages, { contextWindow: window })).toHaveLength(3);
    expect(trimContext(messages, { contextWindow: window, system: "s".repeat(1_500) })).toHaveLength(1);
  });

  it("estimates tokens conservatively", () => {
    expect(estimateTokens("")).toBeGreaterThan(0);
    expect(estimateTokens("x".repeat(300))).toBeGreaterThanOrEqual(100);
  });
});
