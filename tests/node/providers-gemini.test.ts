// Gemini web models through the native streamGenerateContent API (Google Search grounding) against the fake.
import { describe, expect, it } from "vitest";
import { streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig, ProviderEvent } from "../../src/providers/types.ts";
import { ask, collect, joined, model, ofType } from "../upstreams/collect.ts";
import { fakeAnswer, fakeReasoning } from "../upstreams/fake-content.ts";
import type { Upstreams } from "../upstreams/index.ts";
import { withUpstreams } from "./support/provider-upstreams.ts";

let up: Upstreams;
let config: ProviderConfig;

withUpstreams((started, configured) => {
  up = started;
  config = configured;
});

const lastBody = () => up.events.requests.at(-1)?.body as Record<string, unknown>;

describe("Gemini web models (native API with Google Search)", () => {
  const web = model("google", "gemini-2.5-flash", {
    type: "reasoning",
    category: "web",
    reasoningEffort: "low",
  });

  it("grounds in Google Search, streams thoughts then the answer, and reports the sources", async () => {
    const events = await collect(streamModel(ask(web, "Who won?", { system: "Be factual." }), config));
    expect(up.events.requests.at(-1)?.path).toBe(
      "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    );
    expect(lastBody()).toMatchObject({
      contents: [{ role: "user", parts: [{ text: "Who won?" }] }],
      systemInstruction: { parts: [{ text: "Be factual." }] },
      tools: [{ google_search: {} }],
      generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
    });
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Who won?"));
    expect(joined(events, "text")).toBe(fakeAnswer("google", "gemini-2.5-flash", "Who won?", "Be factual."));
    const searches = ofType(events, "search");
    expect(searches[0]?.status).toBe("in_progress");
    expect(searches.at(-1)?.sources?.map((s) => s.title)).toEqual([
      "Example source one",
      "Example source two",
    ]);
    expect(events.at(-1)).toMatchObject({ type: "usage" });
  });

  it("says when maxOutputTokens cut the answer (finishReason MAX_TOKENS)", async () => {
    const cut = await collect(streamModel(ask(web, "Who won?", { options: { maxOutputTokens: 5 } }), config));
    expect(joined(cut, "text").length).toBeLessThanOrEqual(20);
    expect(ofType(cut, "truncated")).toHaveLength(1);
    expect(ofType(await collect(streamModel(ask(web, "Who won?"), config)), "truncated")).toHaveLength(0);
  });

  it("non-web Gemini models keep using the OpenAI-compatible endpoint", async () => {
    await collect(streamModel(ask(model("google", "gemini-2.5-flash-lite"), "Hi"), config));
    expect(up.events.requests.at(-1)?.path).toBe("/v1beta/openai/chat/completions");
  });

  it.each([
    ["rate_limit", "fair_usage_limit"],
    ["server_error", "provider_unavailable"],
    ["malformed", "unable_to_process"],
    ["disconnect", "provider_unavailable"],
  ] as const)("%s → %s", async (behaviour, code) => {
    up.script("google", behaviour);
    expect((await collect(streamModel(ask(web, "x"), config))).at(-1)).toMatchObject({
      code,
      provider: "google",
    });
  });

  it("aborting mid-stream closes the upstream request quietly", async () => {
    up.script("google", "slow", { delayMs: 40 });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of streamModel(ask(web, "Go", { signal: controller.signal }), config)) {
      events.push(event);
      if (event.type === "reasoning") controller.abort();
    }
    expect(ofType(events, "error")).toEqual([]);
    expect((await up.waitForAbort("google")).completed).toBe(false);
  });
});
