// The Anthropic SDK adapter against the local Messages API server: text, thinking, web search, failures.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig, ProviderEvent } from "../../src/providers/types.ts";
import { ask, collect, joined, model, ofType } from "../upstreams/collect.ts";
import { fakeAnswer, fakeReasoning } from "../upstreams/fake-content.ts";
import { startUpstreams, type Upstreams } from "../upstreams/index.ts";

let up: Upstreams;
let config: ProviderConfig;

beforeAll(async () => {
  up = await startUpstreams();
  config = providerConfigFromEnv(up.env);
});
afterEach(() => up.reset());
afterAll(() => up.close());

const lastBody = () => up.events.requests.at(-1)?.body as Record<string, unknown>;
const claude = model("anthropic", "claude-sonnet-4-5");

describe("Anthropic messages", () => {
  it("streams the whole answer in order with usage, system prompt apart", async () => {
    const events = await collect(
      streamModel(ask(claude, "Tell me about owls", { system: "You are kind." }), config),
    );
    expect(joined(events, "text")).toBe(
      fakeAnswer("anthropic", "claude-sonnet-4-5", "Tell me about owls", "You are kind."),
    );
    expect(events.at(-1)).toMatchObject({ type: "usage", outputTokens: expect.any(Number) });
    expect((events.at(-1) as { inputTokens: number }).inputTokens).toBeGreaterThan(0);
    expect(lastBody()).toMatchObject({ system: "You are kind.", stream: true, max_tokens: 8192 });
    expect(lastBody().thinking).toBeUndefined();
  });

  it("turns on extended thinking for reasoning models and streams it before the answer", async () => {
    const m = model("anthropic", "claude-sonnet-4-5", { type: "reasoning", reasoningEffort: "low" });
    const events = await collect(streamModel(ask(m, "Prove it"), config));
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Prove it"));
    expect(events.findLastIndex((e) => e.type === "reasoning")).toBeLessThan(
      events.findIndex((e) => e.type === "text"),
    );
    expect(lastBody().thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(lastBody().max_tokens).toBe(2048 + 8192);
  });

  it("uses the web search tool for -web models and reports its results as sources", async () => {
    const m = model("anthropic", "claude-sonnet-4-5", { category: "web" });
    const events = await collect(streamModel(ask(m, "Latest news"), config));
    expect(lastBody().tools).toEqual([{ type: "web_search_20250305", name: "web_search", max_uses: 5 }]);
    const searches = ofType(events, "search");
    expect(searches[0]).toEqual({ type: "search", status: "in_progress" });
    expect(searches[1]?.status).toBe("completed");
    expect(searches[1]?.sources?.map((s) => s.title)).toEqual(["Example source one", "Example source two"]);
    expect(events.indexOf(searches[1] as ProviderEvent)).toBeLessThan(
      events.findIndex((e) => e.type === "text"),
    );
    expect(joined(events, "text")).toBe(fakeAnswer("anthropic", "claude-sonnet-4-5", "Latest news"));
  });

  it("sends images and PDFs as content blocks", async () => {
    const m = model("anthropic", "claude-sonnet-4-5", { inputs: ["text", "image", "document"] });
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
