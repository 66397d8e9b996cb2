// The Anthropic SDK adapter against the local Messages API server: text, thinking, web search, failures.
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { MODELS, modelByKey } from "../../src/domain/models/index.ts";
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
const claude = model("anthropic", "claude-sonnet-5-5");

describe("Anthropic messages", () => {
  it("streams the whole answer in order with usage, system prompt apart", async () => {
    const events = await collect(
      streamModel(ask(claude, "Tell me about owls", { system: "You are kind." }), config),
    );
    expect(joined(events, "text")).toBe(
      fakeAnswer("anthropic", "claude-sonnet-5-5", "Tell me about owls", "You are kind."),
    );
    expect(events.at(-1)).toMatchObject({ type: "usage", outputTokens: expect.any(Number) });
    expect((events.at(-1) as { inputTokens: number }).inputTokens).toBeGreaterThan(0);
    expect(lastBody()).toMatchObject({ system: "You are kind.", stream: true });
  });

  it("asks Sonnet 5.5 to answer without up-front thinking (between_tools: it refuses disabled)", async () => {
    const events = await collect(streamModel(ask(claude, "Hi"), config));
    expect(lastBody().thinking).toEqual({ type: "between_tools" });
    expect(lastBody().output_config).toBeUndefined();
    expect(lastBody().max_tokens).toBe(8192 + 2048);
    expect(ofType(events, "reasoning")).toEqual([]);
  });

  it("thinks adaptively on Sonnet 5.5 Thinking, at the entry's effort, and streams it before the answer", async () => {
    const m = model("anthropic", "claude-sonnet-5-5", { type: "reasoning", reasoningEffort: "low" });
    const events = await collect(streamModel(ask(m, "Prove it"), config));
    expect(lastBody().thinking).toEqual({ type: "adaptive", display: "summarized" });
    expect(lastBody().output_config).toEqual({ effort: "low" });
    expect(lastBody().max_tokens).toBe(8192 + 8192);
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Prove it"));
    expect(events.findLastIndex((e) => e.type === "reasoning")).toBeLessThan(
      events.findIndex((e) => e.type === "text"),
    );
  });

  it("lets Opus 5.5, which always thinks, think at its own default effort, shown", async () => {
    const events = await collect(streamModel(ask(model("anthropic", "claude-opus-5-5"), "Plan it"), config));
    expect(lastBody().thinking).toEqual({ type: "adaptive", display: "summarized" });
    expect(lastBody().output_config).toBeUndefined();
    expect(lastBody().max_tokens).toBe(8192 + 16384);
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Plan it"));
  });

  it("keeps the manual thinking budget for models that only take that (Haiku 4.5)", async () => {
    const m = model("anthropic", "claude-haiku-4-5-20251001", { type: "reasoning", reasoningEffort: "low" });
    const events = await collect(streamModel(ask(m, "Prove it"), config));
    expect(lastBody().thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(lastBody().max_tokens).toBe(2048 + 8192);
    expect(lastBody().output_config).toBeUndefined();
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Prove it"));
    await collect(streamModel(ask(model("anthropic", "claude-haiku-4-5-20251001"), "Hi"), config));
    expect(lastBody().thinking).toBeUndefined();
    expect(lastBody().max_tokens).toBe(8192);
  });

  it("the local server refuses manual extended thinking on Sonnet 5.5, as the real API does", async () => {
    const client = new Anthropic({
      apiKey: up.env.ANTHROPIC_API_KEY,
      baseURL: up.env.ANTHROPIC_BASE_URL,
      maxRetries: 0,
      logLevel: "off",
    });
    const refused = await client.messages
      .create({
        model: "claude-sonnet-5-5",
        max_tokens: 4096,
        thinking: { type: "enabled", budget_tokens: 2048 },
        messages: [{ role: "user", content: "Hi" }],
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringContaining("thinking.type.enabled") },
    });
  });

  it.each(MODELS.filter((m) => m.provider === "anthropic").map((m) => [m.key, m] as const))(
    "catalogue entry %s is accepted by the API's thinking rules and answers",
    async (_key, entry) => {
      const events = await collect(streamModel(ask(entry, "Hello"), config));
      expect(ofType(events, "error")).toEqual([]);
      expect(joined(events, "text")).not.toBe("");
      expect(lastBody().model).toBe(entry.providerModel);
    },
  );

  it("answers a retired key through its successor: Sonnet 4.5 Thinking is Sonnet 5.5 thinking", async () => {
    const retired = modelByKey("claude-sonnet-4-5-reasoning");
    if (!retired) throw new Error("claude-sonnet-4-5-reasoning left the catalogue");
    const events = await collect(streamModel(ask(retired, "Prove it"), config));
    expect(lastBody()).toMatchObject({
      model: "claude-sonnet-5-5",
      thinking: { type: "adaptive", display: "summarized" },
      output_config: { effort: "medium" },
    });
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Prove it"));
    expect(joined(events, "text")).toBe(fakeAnswer("anthropic", "claude-sonnet-5-5", "Prove it"));
  });

  it("says when max_tokens cut the answer (stop_reason max_tokens)", async () => {
    // A model that does not think: its max_tokens is the answer's alone.
    const haiku = model("anthropic", "claude-haiku-4-5-20251001");
    const cut = await collect(
      streamModel(ask(haiku, "Tell me all", { options: { maxOutputTokens: 5 } }), config),
    );
    expect(lastBody().max_tokens).toBe(5);
    expect(joined(cut, "text").length).toBeLessThanOrEqual(20);
    expect(ofType(cut, "truncated")).toHaveLength(1);
    expect(ofType(await collect(streamModel(ask(haiku, "Tell me all"), config)), "truncated")).toHaveLength(
      0,
    );
  });

  it("uses the web search tool for -web models and reports its results as sources", async () => {
    const m = model("anthropic", "claude-sonnet-5-5", { category: "web" });
    const events = await collect(streamModel(ask(m, "Latest news"), config));
    expect(lastBody().tools).toEqual([{ type: "web_search_20250305", name: "web_search", max_uses: 5 }]);
    const searches = ofType(events, "search");
    expect(searches[0]).toEqual({ type: "search", status: "in_progress" });
    expect(searches[1]?.status).toBe("completed");
    expect(searches[1]?.sources?.map((s) => s.title)).toEqual(["Example source one", "Example source two"]);
    expect(events.indexOf(searches[1] as ProviderEvent)).toBeLessThan(
      events.findIndex((e) => e.type === "text"),
    );
    expect(joined(events, "text")).toBe(fakeAnswer("anthropic", "claude-sonnet-5-5", "Latest news"));
  });

  it("sends images and PDFs as content blocks", async () => {
    const m = model("anthropic", "claude-sonnet-5-5", { inputs: ["text", "image", "document"] });
    const attachments = [
      { name: "a.jpg", type: "image/jpeg", data: new Uint8Array([0xff, 0xd8, 0xff]) },
      { name: "paper.pdf", type: "application/pdf", data: new TextEncoder().encode("%PDF-1.7") },
    ];
    await collect(
      streamModel(ask(m, "Read", { messages: [{ role: "user", content: "Read", attachments }] }), config),
    );
    const content = (lastBody().messages as Array<{ content: unknown }>)[0]?.content;
    expect(content).toEqual([
      { type: "text", text: "Read" },
      { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/" } },
      {
        type: "document",
        title: "paper.pdf",
        source: { type: "base64", media_type: "application/pdf", data: "JVBERi0xLjc=" },
      },
    ]);
  });

  it("aborting mid-stream closes the upstream request and ends quietly", async () => {
    up.script("anthropic", "slow", { delayMs: 40 });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of streamModel(ask(claude, "Go on", { signal: controller.signal }), config)) {
      events.push(event);
      if (event.type === "text") controller.abort();
    }
    expect(ofType(events, "error")).toEqual([]);
    expect(ofType(events, "usage")).toEqual([]);
    expect((await up.waitForAbort("anthropic")).completed).toBe(false);
  });

  it.each([
    ["rate_limit", { code: "fair_usage_limit", retryAfter: 7 }],
    ["server_error", { code: "provider_unavailable" }],
    ["malformed", { code: "unable_to_process" }],
    ["disconnect", { code: "provider_unavailable" }],
  ] as const)("%s → %o", async (behaviour, expected) => {
    up.script("anthropic", behaviour);
    const events = await collect(streamModel(ask(claude, "Hi"), config));
    expect(events.at(-1)).toMatchObject({ type: "error", provider: "anthropic", ...expected });
    expect(up.events.requests).toHaveLength(1);
  });
});
