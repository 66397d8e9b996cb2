// An OpenAI reasoning model's thinking reaches the chat's reasoning block (and the public API) as it thinks.
import { describe, expect, it } from "vitest";
import { modelByKey, providerModelAt } from "../../src/domain/models";
import type { SseEvent } from "./support/api";
import { readChat, readToDone, startChat } from "./support/chats";
import { createApiKey, openAISdk } from "./support/openai-client";
import { accountOnPlan } from "./support/plans";
import { lastUpstreamRequest, uniqueTag } from "./support/upstreams";

const reasoningOf = (events: SseEvent[]) =>
  events.map((e) => (e.event.type === "reasoning" ? e.event.delta : "")).join("");
// OpenAI's summary comes in parts, each a bold heading then a paragraph; two parts stand a blank line apart.
const TWO_PARTS = /^\*\*[^*\n]+\*\*\n\n[^\n]+\n\n\*\*[^*\n]+\*\*\n\n[^\n]+$/;

describe("an OpenAI reasoning model (gpt-5-mini, the free one)", () => {
  it("streams its reasoning summary before the answer, into the reasoning block that is saved with it", async () => {
    const account = await accountOnPlan("starter");
    const tag = uniqueTag("sky");
    const started = await startChat(account.cookie, `${tag}: why is the sky blue?`, { model: "gpt-5-mini" });
    const events = await readToDone(account.cookie, started.chat.id);
    const types = events.map((e) => e.event.type);
    expect(types.lastIndexOf("reasoning")).toBeGreaterThan(types.indexOf("start"));
    expect(types.lastIndexOf("reasoning")).toBeLessThan(types.indexOf("text"));
    const reasoning = reasoningOf(events);
    expect(reasoning).toMatch(TWO_PARTS);
    expect(reasoning).toContain(tag);

    const { messages } = await readChat(account.cookie, started.chat.id);
    expect(messages[1]?.metadata).toMatchObject({ done: true, outcome: "done", reasoning });
    const request = await lastUpstreamRequest(tag, { provider: "openai" });
    const entry = modelByKey("gpt-5-mini");
    expect(request.path).toBe("/v1/responses");
    expect(request.body).toMatchObject({
      model: entry && providerModelAt(entry, new Date()),
      reasoning: { effort: "medium", summary: "auto" },
    });
  });

  it("gives the summary to the OpenAI-compatible API as delta.reasoning_content, before the content", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const tag = uniqueTag("api-think");
    const stream = await openAISdk(key).chat.completions.create({
      model: "gpt-5-mini",
      messages: [{ role: "user", content: `${tag}: why is the sea salty?` }],
      stream: true,
    });
    const pieces: { kind: "reasoning" | "content"; text: string }[] = [];
    for await (const chunk of stream) {
      // reasoning_content is the field DeepSeek made common; OpenAI's own types do not name it.
      const delta = chunk.choices[0]?.delta as
        | { content?: string | null; reasoning_content?: string }
        | undefined;
      if (delta?.reasoning_content) pieces.push({ kind: "reasoning", text: delta.reasoning_content });
      if (delta?.content) pieces.push({ kind: "content", text: delta.content });
    }
    const kinds = pieces.map((p) => p.kind);
    expect(kinds.lastIndexOf("reasoning")).toBeGreaterThanOrEqual(0);
    expect(kinds.lastIndexOf("reasoning")).toBeLessThan(kinds.indexOf("content"));
    const reasoning = pieces.map((p) => (p.kind === "reasoning" ? p.text : "")).join("");
    expect(reasoning).toMatch(TWO_PARTS);
  });
});
