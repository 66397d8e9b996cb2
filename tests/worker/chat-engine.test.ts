// The chat engine end to end in workerd: answers stream from the ChatStream object, resume, stop and are saved once.

import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatStreamOf } from "../../src/chat/stub";
import { STOPPED_MARKER } from "../../src/domain/chat/stream-events";
import { api, json, readSse, type SseEvent, textOf } from "./support/api";
import { accountOnPlan } from "./support/plans";
import { scriptUpstream, uniqueTag, upstreamRequests, upstreamRequestsUntil } from "./support/upstreams";

interface Started {
  chat: { id: number; title: string; model: string };
  userMessage: { id: number; content: string };
  modelMessage: { id: number; metadata: { done: boolean } };
}

async function newChat(cookie: string, content: string, model = "test") {
  const res = await api("/api/chat/new", { cookie, body: { assistantId: "default", model, content } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<Started>(res);
}

const stream = (cookie: string, chatId: number, lastEventId?: number) =>
  api(`/api/chat/${chatId}/stream`, {
    cookie,
    headers: lastEventId ? { "Last-Event-ID": String(lastEventId) } : {},
  });

const untilDone = (e: SseEvent) => e.event.type === "done";

async function readChat(cookie: string, chatId: number) {
  const res = await api(`/api/chat/${chatId}`, { cookie });
  expect(res.status).toBe(200);
  return json<{
    chat: { title: string };
    messages: { id: number; role: string; content: string; metadata: Record<string, unknown> }[];
  }>(res);
}

describe("a streamed answer", () => {
  it("arrives in order with ids, is written to Postgres once, and names the chat", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Show me a table and some math");
    expect(started.modelMessage.metadata.done).toBe(false);

    const events = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(events[0]?.event).toMatchObject({ type: "start", messageId: started.modelMessage.id });
    const ids = events.map((e) => e.id).filter((id): id is number => id !== null);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
    const text = textOf(events);
    expect(text).toContain("|");
    expect(text).toContain("```");

    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1]?.content).toBe(text);
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "done", role: "assistant" });
    // The title is written beside the answer and may land just after its `done`.
    await expect
      .poll(async () => (await readChat(account.cookie, started.chat.id)).chat.title?.length ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    // Finishing again (a retry, a late stop) changes nothing.
    expect(await chatStreamOf(env, started.chat.id).stop()).toEqual({ stopped: false });
    expect((await readChat(account.cookie, started.chat.id)).messages[1]?.content).toBe(text);
  });

  it("resumes after a reload from Last-Event-ID with no gap and no duplicate", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Tell me something long [[slow]]");
    const first = await readSse(
      await stream(account.cookie, started.chat.id),
      (_e, all) => textOf(all).length > 40,
    );
    const lastId = first.at(-1)?.id ?? 0;
    expect(lastId).toBeGreaterThan(0);
    const rest = await readSse(await stream(account.cookie, started.chat.id, lastId), untilDone);
    expect(rest[0]?.id).toBeGreaterThan(lastId);
    const whole = textOf(first) + textOf(rest);
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages[1]?.content).toBe(whole);
  });

  it("reaches two readers at once, each with the whole answer", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Two devices [[slow]]");
    const [a, b] = await Promise.all([
      readSse(await stream(account.cookie, started.chat.id), untilDone),
      readSse(await stream(account.cookie, started.chat.id), untilDone),
    ]);
    expect(textOf(a)).toBe(textOf(b));
    expect(a.map((e) => e.id)).toEqual(b.map((e) => e.id));
    expect(textOf(a).length).toBeGreaterThan(100);
  });

  it("stops on request: what was said stays, with (stopped), and every reader ends", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Wait for it [[hang]]");
    const reading = readSse(await stream(account.cookie, started.chat.id), untilDone);
    // Live: its first words are out.
    await readSse(await stream(account.cookie, started.chat.id), (e) => e.event.type === "text");
    const stop = await api("/api/chat/stop", { cookie: account.cookie, body: { chatId: started.chat.id } });
    expect(await json(stop)).toEqual({ stopped: true });
    const events = await reading;
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages[1]?.content.endsWith(STOPPED_MARKER)).toBe(true);
    expect(messages[1]?.content.length).toBeGreaterThan(STOPPED_MARKER.length);
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "stopped" });
  });

  it("a reader going away is not a stop", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Keep going [[slow]]");
    await readSse(await stream(account.cookie, started.chat.id), (_e, all) => all.length > 3);
    const events = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
  });

  it("keeps the partial text and the error code when the provider fails mid-stream", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Break halfway [[error]]");
    const events = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(events.some((e) => e.event.type === "error")).toBe(true);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "error" });
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages[1]?.content.length).toBeGreaterThan(0);
    expect(messages[1]?.content).toBe(textOf(events));
    expect(messages[1]?.metadata).toMatchObject({
      done: true,
      outcome: "error",
      error: { code: "provider_unavailable" },
    });
  });

  it("closes a generation cut by a Durable Object restart as stopped, keeping every checkpointed token", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "Survive a restart [[hang]]");
    const stub = chatStreamOf(env, started.chat.id);
    // No reader is attached while it restarts: an open SSE response would hold the eviction back.
    await expect
      .poll(async () => (await stub.state()).events.some((e) => e.type === "text"), { timeout: 10_000 })
      .toBe(true);
    const seen = (await stub.state()).events.map((e) => (e.type === "text" ? e.delta : "")).join("");
    await evictDurableObject(stub);
    // The next touch builds a new instance, which finds the open generation and closes it.
    const after = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(after.at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(seen.length).toBeGreaterThan(0);
    expect(messages[1]?.content.startsWith(seen)).toBe(true);
    expect(messages[1]?.content.endsWith(STOPPED_MARKER)).toBe(true);
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "stopped" });
  });

  it("logs what a model reports before its provider request right after the start event", async () => {
    // The object makes the provider request before it writes the generation's log (a write would hold the
    // request until confirmed); a web-search model says it is searching before that request, so the event is
    // held and written after `start`.
    const account = await accountOnPlan("expert");
    const started = await newChat(account.cookie, "What happened in the news today?", "sonar");
    const events = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(events.slice(0, 2).map((e) => e.event)).toMatchObject([
      { type: "start", messageId: started.modelMessage.id },
      { type: "search", status: "in_progress" },
    ]);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
    const resumed = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(resumed.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it("continues a chat with the earlier exchange as context, and refuses a second answer while one runs", async () => {
    const account = await accountOnPlan("starter");
    const started = await newChat(account.cookie, "First question");
    await readSse(await stream(account.cookie, started.chat.id), untilDone);
    const send = await api("/api/chat/send", {
      cookie: account.cookie,
      body: { chatId: started.chat.id, content: "Second question [[hang]]" },
    });
    expect(send.status).toBe(201);
    const again = await api("/api/chat/send", {
      cookie: account.cookie,
      body: { chatId: started.chat.id, content: "Third" },
    });
    expect(again.status).toBe(409);
    expect((await json<{ error: { code: string } }>(again)).error.code).toBe("generation_in_progress");
    await api("/api/chat/stop", { cookie: account.cookie, body: { chatId: started.chat.id } });
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});

describe("a real provider behind the stream", () => {
  it("streams an OpenAI answer through the official SDK, and a stop cancels the upstream request", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("wire");
    await scriptUpstream("openai", "hang", tag);
    const started = await newChat(account.cookie, `Hello over the wire ${tag}`, "gpt-5-mini");
    const reading = readSse(await stream(account.cookie, started.chat.id), untilDone);
    // The provider has the request and streamed its first token.
    await readSse(await stream(account.cookie, started.chat.id), (e) => e.event.type === "text");
    await api("/api/chat/stop", { cookie: account.cookie, body: { chatId: started.chat.id } });
    const events = await reading;
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
    const cancelled = (rs: { aborted: boolean; model?: string }[]) =>
      rs.some((r) => r.aborted && r.model === "gpt-5-mini");
    expect(cancelled(await upstreamRequestsUntil(tag, cancelled, { provider: "openai" }))).toBe(true);
  });

  it("turns a provider's 429 into the fair-usage error on the message", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("busy");
    await scriptUpstream("anthropic", "rate_limit", tag);
    const started = await newChat(account.cookie, `Hello ${tag}`, "claude-sonnet-4-5");
    const events = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(events.find((e) => e.event.type === "error")?.event).toMatchObject({ code: "fair_usage_limit" });
    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages[1]?.metadata).toMatchObject({ outcome: "error", error: { code: "fair_usage_limit" } });
  });
});

describe("a new chat's title", () => {
  // gpt-5-nano (OpenAI), the light model that names chats, gives its first token after 1.5 s — only for the
  // requests carrying this test's tag, so files running beside this one are not slowed.
  const slowLightModel = (tag: string) =>
    scriptUpstream("openai", "slow_first_token", tag, { delayMs: 1500 });
  const titleOf = (tag: string) => `${tag.charAt(0).toUpperCase()}${tag.slice(1)} explained`;

  it("does not hold back done: it follows on the same stream when the light model is slow", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("owls");
    await slowLightModel(tag);
    const started = await newChat(account.cookie, `What is ${tag}?`, "claude-sonnet-4-5");
    // Read to the end: the stream stays open after `done` for the title, then closes.
    const events = await readSse(await stream(account.cookie, started.chat.id));
    const types = events.map((e) => e.event.type);
    const done = types.indexOf("done");
    expect(events[done]?.event).toEqual({
      type: "done",
      outcome: "done",
      messageId: started.modelMessage.id,
      titlePending: true,
    });
    expect(types.indexOf("title")).toBe(done + 1);
    expect(events.at(-1)?.event).toEqual({ type: "title", title: titleOf(tag) });

    const { chat, messages } = await readChat(account.cookie, started.chat.id);
    expect(chat.title).toBe(titleOf(tag));
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "done" });
    // Only the title's words are read: the light model is not asked to summarise its thinking.
    const [titleRequest] = await upstreamRequests(tag, { provider: "openai" });
    const titleBody = titleRequest?.body as { reasoning?: unknown } | undefined;
    expect(titleBody?.reasoning).toEqual({ effort: "low" });
    // A reader arriving later (a reload) replays the same: the answer's end, then the title.
    const replay = await readSse(await stream(account.cookie, started.chat.id));
    expect(replay.map((e) => e.event.type).slice(-2)).toEqual(["done", "title"]);
  });

  it("lets the next message go while the title is still being written", async () => {
    const account = await accountOnPlan("expert");
    const tag = uniqueTag("monad");
    await slowLightModel(tag);
    const started = await newChat(account.cookie, `What is ${tag}?`, "claude-sonnet-4-5");
    const first = await readSse(await stream(account.cookie, started.chat.id), untilDone);
    expect(first.at(-1)?.event).toMatchObject({ type: "done", titlePending: true });
    const next = await api("/api/chat/send", {
      cookie: account.cookie,
      body: { chatId: started.chat.id, content: "And a functor?" },
    });
    expect(next.status).toBe(201);
    // The title still comes, now on the second answer's stream.
    const second = await readSse(await stream(account.cookie, started.chat.id));
    expect(second.find((e) => e.event.type === "title")?.event).toEqual({
      type: "title",
      title: titleOf(tag),
    });
    expect(second.some((e) => e.event.type === "done")).toBe(true);
    expect((await readChat(account.cookie, started.chat.id)).chat.title).toBe(titleOf(tag));
  });
});
