// Generation state (SPEC §3/§4): starting, events, ending, web-search flags, the pending new chat.
import { describe, expect, it } from "vitest";
import {
  clearSearchFlags,
  emptyGenerationState,
  endGeneration,
  forgetGeneration,
  type LiveMessage,
  liveModelMessage,
  markStopping,
  receiveEvent,
  setPendingNew,
  setPendingSend,
  settledMessage,
  startGeneration,
} from "../../src/domain/chat/generation-state";
import { applyStreamEvent, foldStreamEvents, type StreamEvent } from "../../src/domain/chat/stream-events";

const message = (id: number, role: "user" | "assistant", content = ""): LiveMessage => ({
  id,
  chatId: 7,
  role,
  content,
  model: role === "assistant" ? "test" : null,
  metadata: role === "assistant" ? { role, done: false } : { role },
  createdAt: "2026-01-01T00:00:00.000Z",
});

const EVENTS: StreamEvent[] = [
  { type: "start", messageId: 2, model: "test-web", generationId: "g1" },
  { type: "search", status: "in_progress" },
  { type: "reasoning", delta: "Let me " },
  { type: "reasoning", delta: "think." },
  { type: "search", status: "completed", sources: [{ url: "https://example.com", title: "Example" }] },
  { type: "text", delta: "## Hello" },
  { type: "text", delta: "\n\nworld" },
  { type: "image", image: { url: "/api/files/1", mimeType: "image/png" } },
  { type: "usage", inputTokens: 3, outputTokens: 5 },
  { type: "title", title: "Greetings" },
  { type: "error", code: "provider_unavailable", provider: "test" },
  { type: "done", outcome: "error", messageId: 2 },
];

describe("generation state", () => {
  it("folds events one at a time into what foldStreamEvents makes of them all", () => {
    for (let n = 0; n <= EVENTS.length; n++) {
      const events = EVENTS.slice(0, n);
      const live = events.reduce(applyStreamEvent, liveModelMessage(message(2, "assistant")));
      const folded = foldStreamEvents(events);
      const settled = settledMessage(live);
      expect(settled.content).toBe(folded.content);
      expect(settled.metadata).toEqual(folded.metadata);
    }
  });

  it("records both messages on start and follows the web-search status of the model message", () => {
    let state = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: message(1, "user", "hi"),
      modelMessage: message(2, "assistant"),
    });
    expect(state.byChat[7]?.userMessage?.content).toBe("hi");
    state = receiveEvent(state, 7, { type: "search", status: "in_progress" });
    expect(state.search[2]).toEqual({ inProgress: true, completed: false });
    state = receiveEvent(state, 7, { type: "search", status: "completed", sources: [] });
    expect(state.search[2]).toEqual({ inProgress: false, completed: true });
    state = receiveEvent(state, 7, { type: "text", delta: "Hello" });
    expect(state.byChat[7]?.modelMessage.content).toBe("Hello");
  });

  it("clears the web-search flags when starting again and when the abort handle goes", () => {
    let state = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    state = receiveEvent(state, 7, { type: "search", status: "in_progress" });
    expect(clearSearchFlags(state, 7).search[2]).toBeUndefined();
    const again = startGeneration(state, {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    expect(again.search[2]).toBeUndefined();
  });

  it("ignores events of another generation's message", () => {
    const state = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    expect(receiveEvent(state, 7, { type: "start", messageId: 99, model: "test", generationId: "x" })).toBe(
      state,
    );
    expect(receiveEvent(state, 8, { type: "text", delta: "elsewhere" })).toBe(state);
  });

  it("ends by marking the message done, dropping the record, the flags and the pending-new marker", () => {
    let state = setPendingNew(emptyGenerationState(), {
      assistantId: "default",
      content: "hi",
      model: "test",
    });
    state = startGeneration(state, { chatId: 7, userMessage: null, modelMessage: message(2, "assistant") });
    state = receiveEvent(state, 7, { type: "search", status: "in_progress" });
    state = receiveEvent(state, 7, { type: "reasoning", delta: "hmm" });
    state = receiveEvent(state, 7, { type: "text", delta: "Answer" });
    const { state: after, finished } = endGeneration(state, 7);
    expect(after.byChat[7]).toBeUndefined();
    expect(after.search[2]).toBeUndefined();
    expect(after.pendingNew).toBeNull();
    expect(finished).toMatchObject({ id: 2, content: "Answer", metadata: { done: true, reasoning: "hmm" } });
  });

  it("lets the generation a send started take the place of that chat's pending send, in one step", () => {
    const asked = { content: "And plums?", model: "test" };
    let state = setPendingSend(emptyGenerationState(), 7, asked);
    state = setPendingSend(state, 8, { content: "Elsewhere", model: "test" });
    expect(state.sending[7]).toEqual(asked);
    state = startGeneration(state, {
      chatId: 7,
      userMessage: message(3, "user"),
      modelMessage: message(4, "assistant"),
    });
    expect(state.sending[7]).toBeUndefined();
    expect(state.byChat[7]?.userMessage?.id).toBe(3);
    // Another chat's message on its way stays, also once this answer ends.
    expect(endGeneration(state, 7).state.sending[8]).toMatchObject({ content: "Elsewhere" });
  });

  it("clears a failed send, and leaves the state alone when there was none", () => {
    const state = setPendingSend(emptyGenerationState(), 7, { content: "hi", model: "test" });
    expect(setPendingSend(state, 7, null).sending).toEqual({});
    const none = emptyGenerationState();
    expect(setPendingSend(none, 7, null)).toBe(none);
  });

  it("forgets a generation whose stream was lost without finishing it", () => {
    let state = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    state = receiveEvent(state, 7, { type: "search", status: "in_progress" });
    const after = forgetGeneration(state, 7);
    expect(after.byChat[7]).toBeUndefined();
    expect(after.search[2]).toBeUndefined();
    expect(forgetGeneration(after, 7)).toBe(after);
  });

  it("keeps a stopped outcome when ending", () => {
    let state = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    state = receiveEvent(state, 7, { type: "text", delta: "Half\n\n(stopped)" });
    state = receiveEvent(state, 7, { type: "done", outcome: "stopped", messageId: 2 });
    expect(endGeneration(state, 7).finished?.metadata).toMatchObject({ done: true, outcome: "stopped" });
  });

  it("marks a generation stopping until it ends, and leaves a chat without one alone", () => {
    const started = startGeneration(emptyGenerationState(), {
      chatId: 7,
      userMessage: null,
      modelMessage: message(2, "assistant"),
    });
    const stopping = markStopping(started, 7, true);
    expect(stopping.byChat[7]?.stopping).toBe(true);
    expect(markStopping(stopping, 7, true)).toBe(stopping);
    // A stop the server refused: the answer goes on, and Stop can be pressed again.
    expect(markStopping(stopping, 7, false).byChat[7]?.stopping).toBe(false);
    expect(markStopping(started, 8, true)).toBe(started);
    expect(endGeneration(stopping, 7).state.byChat[7]).toBeUndefined();
  });
});
