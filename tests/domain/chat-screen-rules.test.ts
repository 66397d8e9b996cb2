// Chat screen rules: generation state, the sidebar list, the model picker, notices, drafts and copy modes.
import { describe, expect, it } from "vitest";
import {
  appendPage,
  type ChatList,
  type ChatSummary,
  nextOffset,
  prependChat,
  removeChat,
  toChatSummaries,
  updateChat,
} from "../../src/domain/chat/chat-list";
import { copyMode } from "../../src/domain/chat/copy-rules";
import { draftKeyOf } from "../../src/domain/chat/draft-key";
import {
  applyStreamEvent,
  clearSearchFlags,
  emptyGenerationState,
  endGeneration,
  forgetGeneration,
  type LiveMessage,
  liveModelMessage,
  receiveEvent,
  setPendingNew,
  settledMessage,
  startGeneration,
} from "../../src/domain/chat/generation-state";
import { isRetryable, messageNotice, noticeOfCode } from "../../src/domain/chat/message-notices";
import { countCompletion, initialModel, pickerGroups } from "../../src/domain/chat/model-picker";
import { foldStreamEvents, type StreamEvent } from "../../src/domain/chat/stream-events";
import { cleanModelsConfiguration } from "../../src/domain/models";
import { emptyUsageCounts } from "../../src/domain/usage";

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
});

const chat = (id: number, model = "test"): ChatSummary => ({
  id,
  assistantId: null,
  title: `Chat ${id}`,
  model,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

describe("chat list", () => {
  const list: ChatList = { chats: [chat(3), chat(2), chat(1)], hasNextPage: true };

  it("converts dates and drops chats whose model left the catalogue", () => {
    const wire = (id: number, model: string) => ({
      id,
      assistantId: null,
      title: null,
      model,
      createdAt: "2026-01-02T03:04:05.000Z",
      updatedAt: "2026-01-03T03:04:05.000Z",
      publicId: null,
    });
    const chats = toChatSummaries([wire(1, "test"), wire(2, "retired-model-9000")]);
    expect(chats.map((c) => c.id)).toEqual([1]);
    expect(chats[0]?.updatedAt).toBeInstanceOf(Date);
    expect(chats[0]?.updatedAt.toISOString()).toBe("2026-01-03T03:04:05.000Z");
  });

  it("puts a new chat in front, once", () => {
    expect(prependChat(list, chat(4)).chats.map((c) => c.id)).toEqual([4, 3, 2, 1]);
    expect(prependChat(list, chat(2)).chats.map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it("appends the next page, asked at offset = current length, without repeats", () => {
    expect(nextOffset(list)).toBe(3);
    const more = appendPage(list, { chats: [chat(1), chat(0)], hasNextPage: false });
    expect(more.chats.map((c) => c.id)).toEqual([3, 2, 1, 0]);
    expect(more.hasNextPage).toBe(false);
  });

  it("removes a deleted or moved chat and renames in place", () => {
    expect(removeChat(list, 2).chats.map((c) => c.id)).toEqual([3, 1]);
    expect(removeChat(list, 42)).toBe(list);
    expect(updateChat(list, 3, { title: "Renamed" }).chats[0]?.title).toBe("Renamed");
  });
});

describe("model picker", () => {
  const configuration = cleanModelsConfiguration({ text: ["claude-sonnet-4-5", "test"], reasoning: [] });

  it("groups by category in the issue's order, keeping the user's order within a group", () => {
    const groups = pickerGroups(configuration, "starter");
    expect(groups.map((g) => g.category)).toEqual(["text", "reasoning", "web", "image", "light"]);
    expect(groups[0]?.models.slice(0, 2).map((m) => m.key)).toEqual(["claude-sonnet-4-5", "test"]);
    expect(initialModel(groups)).toBe("claude-sonnet-4-5");
  });

  it("offers only what the plan allows: free models stay for a plan without quota", () => {
    const groups = pickerGroups(configuration, "unsubscribed");
    const keys = groups.flatMap((g) => g.models.map((m) => m.key));
    expect(keys.sort()).toEqual(["flux-schnell", "gpt-5-mini"]);
  });

  it("shows a chat's model missing from the list (retired, or a test model) at the head of its group", () => {
    const groups = pickerGroups(configuration, "expert", "o1");
    const first = groups.find((g) => g.category === "reasoning")?.models[0];
    expect(first).toMatchObject({ key: "o1", deprecated: true });
    expect(
      pickerGroups(configuration, "expert", "test-web").find((g) => g.category === "web")?.models[0]?.key,
    ).toBe("test-web");
    expect(
      pickerGroups(configuration, "expert")
        .flatMap((g) => g.models)
        .some((m) => m.deprecated),
    ).toBe(false);
  });

  it("counts a completed message in its quota category", () => {
    const counts = countCompletion(emptyUsageCounts(), "test");
    expect(counts.text).toBe(1);
    expect(countCompletion(counts, "test-image").image).toBe(1);
    expect(countCompletion(counts, "nope")).toBe(counts);
  });
});

describe("notices", () => {
  const model = (metadata: Record<string, unknown>) => ({ metadata });
  it("names the SPEC §8 message of a model message", () => {
    expect(messageNotice(model({ done: true, outcome: "stopped" }))).toBe("stopped");
    expect(messageNotice(model({ done: true, error: { code: "provider_unavailable" } }))).toBe(
      "providerUnavailable",
    );
    expect(messageNotice(model({ done: true, error: { code: "fair_usage_limit" } }))).toBe("fairUsageLimit");
    expect(messageNotice(model({ done: true, outcome: "done" }))).toBeNull();
    expect(messageNotice(model({ done: false }))).toBeNull();
    expect(messageNotice(model({ done: false }), true)).toBe("notSaved");
  });

  it("maps API codes and tells which failures a retry may fix", () => {
    expect(noticeOfCode("quota_reached")).toBe("quotaReached");
    expect(noticeOfCode("something_new")).toBe("unableToProcessLater");
    expect(isRetryable("providerUnavailable")).toBe(true);
    expect(isRetryable("quotaReached")).toBe(false);
  });
});

describe("drafts and copy", () => {
  it("keys a draft per chat, and per assistant before the chat exists", () => {
    expect(draftKeyOf("default", 12)).toBe("chat:12");
    expect(draftKeyOf("default", null)).toBe("new:default");
    expect(draftKeyOf("5", null)).toBe("new:5");
  });

  const chrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
  const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
  it.each([
    [chrome, false, false, "clean"],
    [chrome, false, true, "plain"],
    [chrome, true, false, "native"],
    [firefox, false, false, "native"],
  ] as const)("copy in %s (empty %s, field %s) is %s", (userAgent, selectionEmpty, inTextField, mode) => {
    expect(copyMode({ userAgent, selectionEmpty, inTextField })).toBe(mode);
  });
});
