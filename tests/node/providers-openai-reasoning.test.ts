// OpenAI's reasoning models through the Responses API (reasoning summaries), against the local protocol server.
import { describe, expect, it } from "vitest";
import { modelByKey } from "../../src/domain/models/index.ts";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig, ProviderEvent } from "../../src/providers/types.ts";
import { ask, collect, joined, ofType } from "../upstreams/collect.ts";
import { fakeAnswer, fakeReasoning } from "../upstreams/fake-content.ts";
import type { Upstreams } from "../upstreams/index.ts";
import { fakeSummaryParts, UNVERIFIED_OPENAI_KEY } from "../upstreams/openai-reasoning.ts";
import { withUpstreams } from "./support/provider-upstreams.ts";

let up: Upstreams;
let config: ProviderConfig;

withUpstreams((started, configured) => {
  up = started;
  config = configured;
});

const lastRequest = () => up.events.requests.at(-1);
const lastBody = () => lastRequest()?.body as Record<string, unknown>;
const entry = (key: string) => {
  const found = modelByKey(key);
  if (!found) throw new Error(`${key} left the catalogue`);
  return found;
};
// A day on which no entry used here is retired yet: each calls its own id.
const before = new Date("2026-11-28T12:00:00Z");
const ordered = (events: ProviderEvent[]) => ({
  lastReasoning: events.findLastIndex((e) => e.type === "reasoning"),
  firstText: events.findIndex((e) => e.type === "text"),
});

describe("an OpenAI reasoning model", () => {
  it("streams its reasoning summary before its answer, asking the Responses API for one", async () => {
    const question = "Why is the sky blue?";
    const events = await collect(
      streamModel(ask(entry("gpt-6.1-terra"), question, { system: "Be brief." }), config, before),
    );
    expect(lastRequest()?.path).toBe("/v1/responses");
    const body = lastBody();
    expect(body.reasoning).toEqual({ effort: "medium", summary: "auto" });
    expect(body).toMatchObject({
      model: "gpt-6.1-terra",
      instructions: "Be brief.",
      stream: true,
      store: false,
    });
    expect(body.tools).toBeUndefined();
    // Two summary parts, a blank line between them (the stream itself has none).
    const [first, second] = fakeSummaryParts(question);
    expect(joined(events, "reasoning")).toBe(`${first}\n\n${second}`);
    expect(first).toContain(fakeReasoning(question));
    const { lastReasoning, firstText } = ordered(events);
    expect(lastReasoning).toBeGreaterThan(0);
    expect(lastReasoning).toBeLessThan(firstText);
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-6.1-terra", question, "Be brief."));
    expect(ofType(events, "search")).toEqual([]);
    expect(ofType(events, "error")).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: "usage",
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
    });
  });

  it("asks for the effort the request picked, and every OpenAI reasoning entry goes this way", async () => {
    await collect(
      streamModel(ask(entry("o3"), "Think", { options: { reasoningEffort: "low" } }), config, before),
    );
    expect(lastBody()).toMatchObject({ model: "o3", reasoning: { effort: "low", summary: "auto" } });
    for (const key of ["gpt-5-mini", "gpt-5-reasoning", "gpt-6.1-sol", "gpt-6-luna"]) {
      const events = await collect(streamModel(ask(entry(key), "Hi"), config, before));
      expect(lastRequest()?.path, key).toBe("/v1/responses");
      expect(joined(events, "reasoning").length, key).toBeGreaterThan(0);
    }
  });

  it("sends pictures as input_image and PDFs as input_file, beside the question", async () => {
    const attachments = [
      { name: "cat.png", type: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
      { name: "paper.pdf", type: "application/pdf", data: new TextEncoder().encode("%PDF-1.7") },
    ];
    const messages = [{ role: "user" as const, content: "Look", attachments }];
    const events = await collect(
      streamModel(ask(entry("gpt-6.1-terra"), "Look", { messages }), config, before),
    );
    const [input] = lastBody().input as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(input?.content).toEqual([
      { type: "input_text", text: "Look" },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw==", detail: "auto" },
      { type: "input_file", filename: "paper.pdf", file_data: "data:application/pdf;base64,JVBERi0xLjc=" },
    ]);
    expect(joined(events, "text")).toContain("I received");
  });

  it("says when the output limit cut the answer, asking at least the 16 tokens the API takes", async () => {
    const cut = await collect(
      streamModel(
        ask(entry("gpt-6-luna"), "Tell me all", { options: { maxOutputTokens: 5 } }),
        config,
        before,
      ),
    );
    expect(lastBody().max_output_tokens).toBe(16);
    expect(ofType(cut, "error")).toEqual([]);
    expect(ofType(cut, "truncated")).toHaveLength(1);
    expect(joined(cut, "text").length).toBeLessThanOrEqual(64);
    const whole = await collect(
      streamModel(
        ask(entry("gpt-6-luna"), "Tell me all", { options: { maxOutputTokens: 4000 } }),
        config,
        before,
      ),
    );
    expect(lastBody().max_output_tokens).toBe(4000);
    expect(ofType(whole, "truncated")).toEqual([]);
  });

  it("asks no summary of a caller that reads only the text (a chat's title)", async () => {
    const events = await collect(
      streamModel(
        ask(entry("gpt-6.1-sol"), "Name this", { options: { reasoningSummary: false } }),
        config,
        before,
      ),
    );
    expect(lastBody().reasoning).toEqual({ effort: "low" });
    expect(ofType(events, "reasoning")).toEqual([]);
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-6.1-sol", "Name this"));
  });

  it("answers without the thinking for an organisation OpenAI has not verified, asking only once", async () => {
    const unverified = providerConfigFromEnv({ ...up.env, OPENAI_API_KEY: UNVERIFIED_OPENAI_KEY });
    const first = await collect(streamModel(ask(entry("gpt-6.1-sol"), "Hello"), unverified, before));
    const [refused, retried] = up.events.requests.map((r) => r.body as Record<string, unknown>);
    expect(refused?.reasoning).toEqual({ effort: "low", summary: "auto" });
    expect(retried?.reasoning).toEqual({ effort: "low" });
    expect(joined(first, "text")).toBe(fakeAnswer("openai", "gpt-6.1-sol", "Hello"));
    expect(ofType(first, "reasoning")).toEqual([]);
    expect(ofType(first, "error")).toEqual([]);
    // The refusal is remembered: the next answer is asked for once, without a summary.
    await collect(streamModel(ask(entry("gpt-6.1-sol"), "Again"), unverified, before));
    expect(up.events.requests).toHaveLength(3);
    expect(lastBody().reasoning).toEqual({ effort: "low" });
  });

  it.each([
    ["rate_limit", "fair_usage_limit"],
    ["server_error", "provider_unavailable"],
    ["malformed", "unable_to_process"],
    ["disconnect", "provider_unavailable"],
  ] as const)("%s → %s, as on Chat Completions", async (behaviour, code) => {
    up.script("openai", behaviour, { retryAfter: 12 });
    const events = await collect(streamModel(ask(entry("gpt-5-mini"), "Hi"), config, before));
    expect(events.at(-1)).toMatchObject({ type: "error", code, provider: "openai" });
    if (behaviour === "rate_limit") expect(events.at(-1)).toMatchObject({ retryAfter: 12 });
    expect(up.events.requests).toHaveLength(1);
  });

  it.each([
    ["rate_limit_exceeded", "fair_usage_limit"],
    ["invalid_prompt", "unable_to_process"],
    ["image_content_policy_violation", "unable_to_process"],
    ["server_error", "provider_unavailable"],
    ["vector_store_timeout", "provider_unavailable"],
  ] as const)("a response failed in the stream with %s → %s, keeping what it wrote", async (failed, code) => {
    up.script("openai", "failed_in_stream", { code: failed });
    const events = await collect(streamModel(ask(entry("gpt-5-mini"), "Hi"), config, before));
    expect(events.at(-1)).toMatchObject({ type: "error", code, provider: "openai" });
    expect(joined(events, "text").length).toBeGreaterThan(0);
  });

  it("an answer OpenAI's filter stopped before any text is unable_to_process, not an empty answer", async () => {
    up.script("openai", "content_filter");
    const events = await collect(streamModel(ask(entry("gpt-5-mini"), "Hi"), config, before));
    expect(ofType(events, "text")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "error", code: "unable_to_process", provider: "openai" });
  });

  it("a stop while it thinks closes the upstream request and ends quietly", async () => {
    up.script("openai", "slow", { delayMs: 40 });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    const req = ask(entry("gpt-5-mini"), "Long thought", { signal: controller.signal });
    for await (const event of streamModel(req, config, before)) {
      events.push(event);
      if (event.type === "reasoning") controller.abort();
    }
    expect(events.map((e) => e.type)).toEqual(["reasoning"]);
    expect((await up.waitForAbort("openai")).completed).toBe(false);
  });
});

describe("what stays on Chat Completions", () => {
  it("a non-reasoning OpenAI model", async () => {
    const events = await collect(streamModel(ask(entry("gpt-4.1"), "Hello"), config, before));
    expect(lastRequest()?.path).toBe("/v1/chat/completions");
    expect(lastBody().reasoning).toBeUndefined();
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-4.1", "Hello"));
  });

  it.each([
    ["gpt-oss-120b", "groq", "/openai/v1/chat/completions", "medium"],
    ["grok-3-mini", "xai", "/v1/chat/completions", "low"],
  ])(
    "%s, a reasoning model of %s, another speaker of OpenAI's protocol",
    async (key, provider, path, effort) => {
      const m = entry(key);
      const events = await collect(streamModel(ask(m, "Ponder this"), config, before));
      expect(lastRequest()).toMatchObject({ provider, path });
      expect(lastBody()).toMatchObject({ reasoning_effort: effort });
      expect(lastBody().reasoning).toBeUndefined();
      expect(joined(events, "reasoning")).toBe(fakeReasoning("Ponder this"));
      expect(joined(events, "text")).toBe(fakeAnswer(provider, m.providerModel, "Ponder this"));
    },
  );
});
