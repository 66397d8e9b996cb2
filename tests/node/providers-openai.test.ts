// The OpenAI SDK adapter (OpenAI and OpenAI-compatible providers) against the local protocol servers.
import { describe, expect, it } from "vitest";
import { modelByKey } from "../../src/domain/models/index.ts";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
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

describe("streamed answers", () => {
  it("streams the whole answer in order, then usage, and asks for usage in the stream", async () => {
    const events = await collect(
      streamModel(ask(model("openai", "gpt-6-luna"), "What is a monad?", { system: "Be brief." }), config),
    );
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-6-luna", "What is a monad?", "Be brief."));
    expect(ofType(events, "text").length).toBeGreaterThan(5);
    expect(events.at(-1)).toMatchObject({
      type: "usage",
      inputTokens: expect.any(Number),
      outputTokens: expect.any(Number),
    });
    expect(ofType(events, "error")).toEqual([]);
    const body = lastBody();
    expect(body).toMatchObject({
      model: "gpt-6-luna",
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "What is a monad?" },
    ]);
  });

  it.each(["mistral", "groq", "fireworks", "xai", "google", "openperplex"] as const)(
    "answers through %s's OpenAI-compatible endpoint",
    async (provider) => {
      const events = await collect(streamModel(ask(model(provider, "some-model"), "Hello"), config));
      expect(joined(events, "text")).toBe(fakeAnswer(provider, "some-model", "Hello"));
      expect(ofType(events, "usage")).toHaveLength(1);
      expect(up.events.requests.at(-1)?.provider).toBe(provider);
    },
  );

  it("says when the output limit cut the answer (finish_reason length)", async () => {
    const luna = model("openai", "gpt-6-luna");
    const cut = await collect(
      streamModel(ask(luna, "Tell me all", { options: { maxOutputTokens: 5 } }), config),
    );
    expect(lastBody().max_completion_tokens).toBe(5);
    expect(joined(cut, "text").length).toBeLessThanOrEqual(20);
    expect(ofType(cut, "truncated")).toHaveLength(1);
    expect(ofType(await collect(streamModel(ask(luna, "Tell me all"), config)), "truncated")).toHaveLength(0);
  });

  it("still completes when the first token is slow", async () => {
    up.script("openai", "slow_first_token", { delayMs: 300 });
    const events = await collect(streamModel(ask(model("openai", "gpt-6-luna"), "Slow start"), config));
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-6-luna", "Slow start"));
  });

  it("sends images as data URLs, inlines text files and notes files the model cannot read", async () => {
    const vision = model("openai", "gpt-6-luna", { inputs: ["text", "image"] });
    const attachments = [
      { name: "cat.png", type: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
      { name: "notes.md", type: "text/markdown", data: new TextEncoder().encode("# Notes\nremember milk") },
      { name: "archive.zip", type: "application/zip", data: new Uint8Array([1, 2, 3]) },
    ];
    await collect(
      streamModel(
        ask(vision, "Look", { messages: [{ role: "user", content: "Look", attachments }] }),
        config,
      ),
    );
    const content = (lastBody().messages as Array<{ content: unknown }>)[0]?.content as Array<
      Record<string, unknown>
    >;
    expect(content[0]).toEqual({ type: "text", text: "Look" });
    expect(content[1]).toEqual({ type: "image_url", image_url: { url: "data:image/png;base64,iVBORw==" } });
    expect(content[2]?.text).toContain("remember milk");
    expect(content[3]?.text).toContain("archive.zip");
  });
});

describe("audio", () => {
  it("sends wav and mp3 as input_audio to an audio model of a provider that takes it (Mistral's Voxtral)", async () => {
    const voxtral = model("mistral", "voxtral-small", { inputs: ["text", "audio"] });
    const attachments = [
      { name: "a.wav", type: "audio/wav", data: new Uint8Array([0x52, 0x49, 0x46, 0x46]) },
      { name: "b.mp3", type: "audio/mpeg", data: new Uint8Array([0x49, 0x44, 0x33]) },
      { name: "c.ogg", type: "audio/ogg", data: new Uint8Array([0x4f, 0x67]) },
    ];
    const events = await collect(
      streamModel(
        ask(voxtral, "Listen", { messages: [{ role: "user", content: "Listen", attachments }] }),
        config,
      ),
    );
    const content = (lastBody().messages as Array<{ content: unknown }>)[0]?.content as Array<
      Record<string, unknown>
    >;
    expect(content[1]).toEqual({ type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } });
    expect(content[2]).toEqual({ type: "input_audio", input_audio: { data: "SUQz", format: "mp3" } });
    // The protocol knows wav and mp3 only: an ogg becomes a note the model can mention.
    expect(content[3]?.text).toContain("c.ogg");
    expect(joined(events, "text")).toContain("I received 2 audio clips");
  });

  it("does not send audio to a model whose input list lacks it", async () => {
    const textOnly = model("openai", "gpt-6-luna", { inputs: ["text", "image"] });
    const attachments = [{ name: "a.wav", type: "audio/wav", data: new Uint8Array([1]) }];
    await collect(
      streamModel(
        ask(textOnly, "Hear", { messages: [{ role: "user", content: "Hear", attachments }] }),
        config,
      ),
    );
    const content = (lastBody().messages as Array<{ content: unknown }>)[0]?.content as Array<
      Record<string, unknown>
    >;
    expect(content.map((p) => p.type)).toEqual(["text", "text"]);
  });
});

describe("reasoning", () => {
  it("streams reasoning_content deltas before the answer and sends the catalogue's effort", async () => {
    const m = model("fireworks", "deepseek-r1", { type: "reasoning", reasoningEffort: "low" });
    const events = await collect(streamModel(ask(m, "Why is the sky blue?"), config));
    expect(joined(events, "reasoning")).toBe(fakeReasoning("Why is the sky blue?"));
    expect(joined(events, "text")).toBe(fakeAnswer("fireworks", "deepseek-r1", "Why is the sky blue?"));
    const firstText = events.findIndex((e) => e.type === "text");
    expect(events.findLastIndex((e) => e.type === "reasoning")).toBeLessThan(firstText);
    expect(lastBody().reasoning_effort).toBe("low");
  });

  it("lets the request override the effort", async () => {
    const m = model("xai", "grok-3-mini", { type: "reasoning", reasoningEffort: "low" });
    await collect(streamModel(ask(m, "Think", { options: { reasoningEffort: "medium" } }), config));
    expect(lastBody().reasoning_effort).toBe("medium");
  });

  it("reads Groq's `reasoning` field, Mistral's thinking parts and Sonar's <think> tags", async () => {
    for (const [provider, name] of [
      ["groq", "openai/gpt-oss-120b"],
      ["mistral", "magistral-medium-latest"],
      ["perplexity", "sonar-reasoning-pro"],
    ] as const) {
      const m = model(provider, name, { type: "reasoning" });
      const events = await collect(streamModel(ask(m, "Ponder this"), config));
      expect(joined(events, "reasoning").trim(), provider).toBe(fakeReasoning("Ponder this"));
      expect(joined(events, "text"), provider).toBe(fakeAnswer(provider, name, "Ponder this"));
    }
  });
});

describe("retired OpenAI models", () => {
  const entry = (key: string) => {
    const found = modelByKey(key);
    if (!found) throw new Error(`${key} left the catalogue`);
    return found;
  };
  const at = (iso: string) => new Date(iso);

  it.each([
    ["the day before the shutdown", "2026-12-10T23:59:59Z", "gpt-5-mini"],
    ["on the shutdown day (UTC)", "2026-12-11T00:00:00Z", "gpt-6.1-terra"],
  ])("gpt-5-mini %s is answered by %s", async (_when, now, answeredBy) => {
    const events = await collect(streamModel(ask(entry("gpt-5-mini"), "Plan a trip"), config, at(now)));
    expect(lastBody()).toMatchObject({ model: answeredBy, reasoning: { effort: "medium" } });
    expect(joined(events, "text")).toBe(fakeAnswer("openai", answeredBy, "Plan a trip"));
    expect(ofType(events, "error")).toEqual([]);
  });

  it("a web entry moves to its successor on the Responses API too", async () => {
    await collect(streamModel(ask(entry("gpt-5-mini-web"), "News"), config, at("2026-12-11T09:00:00Z")));
    expect(up.events.requests.at(-1)?.path).toBe("/v1/responses");
    expect(lastBody()).toMatchObject({ model: "gpt-6.1-terra", tools: [{ type: "web_search" }] });
  });

  it("o1, shut down on 2026-10-23, answers through GPT-6.1 Sol; asked for itself the API says 404", async () => {
    const before = await collect(
      streamModel(ask(entry("o1"), "Prove it"), config, at("2026-10-22T12:00:00Z")),
    );
    expect(lastBody().model).toBe("o1");
    expect(before.at(-1)).toMatchObject({ type: "error", code: "provider_unavailable", provider: "openai" });
    expect(before.at(-1)).toMatchObject({ detail: expect.stringMatching(/404.*does not exist/) });

    const now = await collect(streamModel(ask(entry("o1"), "Prove it"), config, at("2026-11-25T12:00:00Z")));
    expect(lastBody()).toMatchObject({ model: "gpt-6.1-sol", reasoning: { effort: "medium" } });
    expect(joined(now, "text")).toBe(fakeAnswer("openai", "gpt-6.1-sol", "Prove it"));
    expect(ofType(now, "error")).toEqual([]);
  });
});

describe("web search", () => {
  it("reports Perplexity's search as in progress, then completed with its sources, before the answer", async () => {
    const events = await collect(
      streamModel(ask(model("perplexity", "sonar", { category: "web" }), "News?"), config),
    );
    const searches = ofType(events, "search");
    expect(events[0]).toEqual({ type: "search", status: "in_progress" });
    expect(searches[1]).toMatchObject({ status: "completed" });
    expect(searches[1]?.sources).toEqual([
      { url: "https://example.com/fake-search?q=News%3F", title: "Example source one" },
      { url: "https://example.org/fake-article", title: "Example source two" },
    ]);
    expect(events.findIndex((e) => e.type === "search" && e.status === "completed")).toBeLessThan(
      events.findIndex((e) => e.type === "text"),
    );
  });

  it("turns on xAI search for -web models and keeps the citations that arrive last", async () => {
    const events = await collect(
      streamModel(ask(model("xai", "grok-3", { category: "web" }), "Weather"), config),
    );
    expect(lastBody().search_parameters).toMatchObject({ mode: "on" });
    const last = ofType(events, "search").at(-1);
    expect(last?.status).toBe("completed");
    expect(last?.sources?.map((s) => s.url)).toHaveLength(2);
  });

  it("searches with the Responses API's web_search tool for OpenAI -web models", async () => {
    const m = model("openai", "gpt-6.1-terra", {
      type: "reasoning",
      category: "web",
      reasoningEffort: "low",
    });
    const events = await collect(streamModel(ask(m, "Find it", { system: "Cite." }), config));
    expect(up.events.requests.at(-1)?.path).toBe("/v1/responses");
    expect(lastBody()).toMatchObject({
      model: "gpt-6.1-terra",
      instructions: "Cite.",
      tools: [{ type: "web_search" }],
      reasoning: { effort: "low" },
      input: [{ role: "user", content: "Find it" }],
    });
    expect(events[0]).toEqual({ type: "search", status: "in_progress" });
    expect(ofType(events, "search")[1]?.sources?.map((s) => s.url)).toHaveLength(2);
    // Titles arrive with the citations, after the text started.
    expect(ofType(events, "search").at(-1)?.sources?.[0]?.title).toBe("Example source one");
    expect(joined(events, "text")).toBe(fakeAnswer("openai", "gpt-6.1-terra", "Find it", "Cite."));
    expect(events.at(-1)).toMatchObject({ type: "usage" });
  });

  it("a Responses stream cut mid-way → provider_unavailable", async () => {
    up.script("openai", "disconnect");
    const m = model("openai", "gpt-6.1-terra", { category: "web" });
    const events = await collect(streamModel(ask(m, "Find it"), config));
    expect(events.at(-1)).toMatchObject({ type: "error", code: "provider_unavailable", provider: "openai" });
  });
});

describe("stopping", () => {
  it("aborting mid-stream closes the upstream request and ends quietly", async () => {
    up.script("openai", "slow", { delayMs: 40 });
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of streamModel(
      ask(model("openai", "gpt-6-luna"), "Long story", { signal: controller.signal }),
      config,
    )) {
      events.push(event);
      if (event.type === "text") controller.abort();
    }
    expect(ofType(events, "text")).toHaveLength(1);
    expect(ofType(events, "error")).toEqual([]);
    const seen = await up.waitForAbort("openai");
    expect(seen.completed).toBe(false);
  });

  it("a consumer that stops reading also closes the upstream request", async () => {
    up.script("groq", "slow", { delayMs: 40 });
    for await (const event of streamModel(ask(model("groq", "llama"), "Stop early"), config)) {
      if (event.type === "text") break;
    }
    expect((await up.waitForAbort("groq")).aborted).toBe(true);
  });
});

describe("failures become catalogue errors", () => {
  const errorOf = async (provider: "openai" | "mistral", name = "m") =>
    (await collect(streamModel(ask(model(provider, name), "Hi"), config))).at(-1);

  it("429 → fair_usage_limit with the provider's Retry-After", async () => {
    up.script("openai", "rate_limit", { retryAfter: 12 });
    expect(await errorOf("openai")).toMatchObject({
      type: "error",
      code: "fair_usage_limit",
      provider: "openai",
      retryAfter: 12,
    });
    // No SDK retries: exactly one request reached the provider.
    expect(up.events.requests).toHaveLength(1);
  });

  it("500 → provider_unavailable naming the provider", async () => {
    up.script("mistral", "server_error");
    expect(await errorOf("mistral")).toMatchObject({
      type: "error",
      code: "provider_unavailable",
      provider: "mistral",
    });
    expect(up.events.requests).toHaveLength(1);
  });

  it("a malformed chunk → unable_to_process, after the text that did arrive", async () => {
    up.script("openai", "malformed");
    const events = await collect(streamModel(ask(model("openai", "gpt-6-luna"), "Hi"), config));
    expect(ofType(events, "text").length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: "error", code: "unable_to_process", provider: "openai" });
  });

  it("a connection cut mid-stream → provider_unavailable", async () => {
    up.script("openai", "disconnect");
    expect(await errorOf("openai")).toMatchObject({
      type: "error",
      code: "provider_unavailable",
      provider: "openai",
    });
  });

  it("a provider without a key → provider_unavailable, without any request", async () => {
    const { OPENAI_API_KEY: _, ...env } = up.env;
    const events = await collect(
      streamModel(ask(model("openai", "gpt-6-luna"), "Hi"), providerConfigFromEnv(env)),
    );
    expect(events).toEqual([
      expect.objectContaining({ type: "error", code: "provider_unavailable", provider: "openai" }),
    ]);
    expect(up.events.requests).toHaveLength(0);
  });
});

describe("images API", () => {
  const image = (provider: "openai" | "xai", name: string) => model(provider, name, { type: "image" });

  it("returns the generated PNG; the GPT Image 1 and DALL·E 3 keys ask GPT Image 2.5, their ids being shut down", async () => {
    for (const key of ["gpt-image-1", "dall-e-3"]) {
      const entry = modelByKey(key);
      if (!entry) throw new Error(`${key} left the catalogue`);
      const events = await collect(streamModel(ask(entry, "A red fox"), config));
      const [picture] = ofType(events, "image");
      expect(picture?.mimeType).toBe("image/png");
      expect([...(picture?.data.subarray(0, 4) ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(lastBody()).toMatchObject({ model: "gpt-image-2.5-sunburst", prompt: "A red fox" });
    }
    // Asked for the shut-down ids themselves, OpenAI answers 404.
    for (const id of ["gpt-image-1", "dall-e-3"]) {
      const events = await collect(streamModel(ask(image("openai", id), "A red fox"), config));
      expect(events.at(-1)).toMatchObject({ type: "error", provider: "openai" });
    }
  });

  it("does not send response_format to GPT Image models and reports their usage", async () => {
    const events = await collect(
      streamModel(ask(image("openai", "gpt-image-1-mini"), "A blue bird"), config),
    );
    expect(ofType(events, "image")).toHaveLength(1);
    expect(ofType(events, "usage")).toEqual([{ type: "usage", inputTokens: 12, outputTokens: 272 }]);
    expect(lastBody().response_format).toBeUndefined();
  });

  it("works for OpenAI-compatible image models (xAI)", async () => {
    const events = await collect(streamModel(ask(image("xai", "grok-2-image"), "A cat"), config));
    expect(ofType(events, "image")).toHaveLength(1);
    // Not a GPT Image model: it is asked for base64 (compatible APIs answer a URL otherwise).
    expect(lastBody()).toMatchObject({ model: "grok-2-image", response_format: "b64_json" });
  });

  it("429 → fair_usage_limit; 500 → image_error naming the provider; bad JSON → unable_to_process", async () => {
    up.script("openai", "rate_limit");
    expect(
      (await collect(streamModel(ask(image("openai", "gpt-image-1-mini"), "x"), config))).at(-1),
    ).toMatchObject({
      code: "fair_usage_limit",
      retryAfter: 7,
    });
    up.script("openai", "server_error");
    expect(
      (await collect(streamModel(ask(image("openai", "gpt-image-1-mini"), "x"), config))).at(-1),
    ).toMatchObject({
      code: "image_error",
      provider: "openai",
    });
    up.script("openai", "malformed");
    expect(
      (await collect(streamModel(ask(image("openai", "gpt-image-1-mini"), "x"), config))).at(-1),
    ).toMatchObject({
      code: "unable_to_process",
    });
  });
});
