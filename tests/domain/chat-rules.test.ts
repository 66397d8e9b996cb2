// Pure chat rules: context trimming, folding stream events into a message, chat titles.
import { describe, expect, it } from "vitest";
import { ANSWER_RESERVE_TOKENS, estimateTokens, trimContext } from "../../src/domain/chat/context";
import { foldStreamEvents, type StreamEvent } from "../../src/domain/chat/stream-events";
import { cleanTitle } from "../../src/domain/chat/title";

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

describe("foldStreamEvents", () => {
  it("rebuilds the message a reader saw", () => {
    const events: StreamEvent[] = [
      { type: "start", messageId: 7, model: "test-web", generationId: "g1" },
      { type: "search", status: "in_progress" },
      { type: "reasoning", delta: "Let me " },
      { type: "reasoning", delta: "think." },
      { type: "search", status: "completed", sources: [{ url: "https://example.org", title: "Example" }] },
      { type: "text", delta: "Hello " },
      { type: "text", delta: "world" },
      { type: "image", image: { url: "/api/files/generated/1/a.png", mimeType: "image/png" } },
      { type: "usage", inputTokens: 3, outputTokens: 5 },
      { type: "title", title: "Greeting" },
      { type: "done", outcome: "done", messageId: 7 },
    ];
    expect(foldStreamEvents(events)).toEqual({
      content: "Hello world",
      metadata: {
        role: "assistant",
        done: true,
        outcome: "done",
        generationId: "g1",
        reasoning: "Let me think.",
        search: { status: "completed", sources: [{ url: "https://example.org", title: "Example" }] },
        images: [{ url: "/api/files/generated/1/a.png", mimeType: "image/png" }],
        usage: { inputTokens: 3, outputTokens: 5 },
      },
    });
  });

  it("keeps partial text with the error, and is not done before the done event", () => {
    const folded = foldStreamEvents([
      { type: "text", delta: "Half" },
      { type: "error", code: "provider_unavailable", provider: "openai" },
    ]);
    expect(folded.content).toBe("Half");
    expect(folded.metadata.done).toBe(false);
    expect(folded.metadata.error).toEqual({
      code: "provider_unavailable",
      provider: "openai",
      retryAfter: undefined,
    });
  });
});

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
