// Folding a generation's stream events into the message they describe.
import { describe, expect, it } from "vitest";
import { foldStreamEvents, type StreamEvent } from "../../src/domain/chat/stream-events";

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
