// The public API refuses what it cannot honour (tools, JSON output, log probabilities, stop sequences,
// audio, sizes…) with OpenAI's 400 naming the parameter, before counting the request; values that ask
// for nothing and sampling hints still go through, as common clients send them.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createApiKey, openAISdk, postV1, sdkRefusal } from "./support/openai-client";
import { accountOnPlan, usageCount } from "./support/plans";
import { lastUpstreamRequest, uniqueTag } from "./support/upstreams";

type ChatParams = Partial<OpenAI.ChatCompletionCreateParamsNonStreaming>;

const hello = [{ role: "user" as const, content: "Hello" }];
const tool: OpenAI.ChatCompletionTool = {
  type: "function",
  function: { name: "lookup", parameters: { type: "object", properties: {} } },
};

describe("parameters the chat completions cannot honour", () => {
  // [what the client asks for, the parameter named]
  const refused: [ChatParams, string][] = [
    [{ tools: [tool] }, "tools"],
    [{ tools: [tool], tool_choice: "required" }, "tools"],
    [{ tool_choice: "required" }, "tool_choice"],
    [{ tool_choice: { type: "function", function: { name: "lookup" } } }, "tool_choice"],
    [{ functions: [{ name: "lookup", parameters: {} }] }, "functions"],
    [{ function_call: { name: "lookup" } }, "function_call"],
    [{ response_format: { type: "json_object" } }, "response_format"],
    [
      {
        response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } },
      },
      "response_format",
    ],
    [{ logprobs: true }, "logprobs"],
    [{ logprobs: true, top_logprobs: 3 }, "logprobs"],
    [{ top_logprobs: 3 }, "top_logprobs"],
    [{ stop: "\n" }, "stop"],
    [{ stop: ["END", "STOP"] }, "stop"],
    [{ audio: { voice: "alloy", format: "mp3" }, modalities: ["text", "audio"] }, "audio"],
    [{ modalities: ["text", "audio"] }, "modalities"],
    [{ logit_bias: { "50256": -100 } }, "logit_bias"],
    [{ web_search_options: { search_context_size: "high" } }, "web_search_options"],
  ];

  it.each(refused)(
    "refuses %j naming %s, through the official SDK, counting nothing",
    async (asked, param) => {
      const account = await accountOnPlan("starter");
      const { key } = await createApiKey(account.cookie);
      const err = await sdkRefusal(
        openAISdk(key).chat.completions.create({ model: "test", messages: hello, ...asked }),
      );
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.param).toBe(param);
      expect(err.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_parameter" });
      expect(err.message).toContain(`${param}: is not supported: `);
      expect(await usageCount(account.id, "text")).toBe(0);
    },
  );

  it("answers the refusal in OpenAI's error shape, streamed request or not, saying what may be sent", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    for (const stream of [false, true]) {
      const res = await postV1("/chat/completions", key, {
        model: "test",
        messages: hello,
        stream,
        response_format: { type: "json_object" },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({
        error: {
          message:
            'response_format: is not supported: answers are plain text, not held to JSON or a schema (ask for JSON in the prompt instead); leave it out or send {"type": "text"}.',
          type: "invalid_request_error",
          param: "response_format",
          code: "unsupported_parameter",
        },
      });
    }
    expect(await usageCount(account.id, "text")).toBe(0);
  });

  it("still answers with the values that ask for nothing and the sampling hints, passing none of them on", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const tag = uniqueTag("api-noop");
    const completion = await openAISdk(key).chat.completions.create({
      model: "gpt-4.1",
      messages: [{ role: "user", content: `Hello ${tag}` }],
      tools: [],
      tool_choice: "none",
      parallel_tool_calls: false,
      response_format: { type: "text" },
      logprobs: false,
      top_logprobs: 0,
      stop: null,
      modalities: ["text"],
      audio: null,
      prediction: { type: "content", content: "Hello" },
      logit_bias: {},
      temperature: 0.2,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      seed: 42,
      user: "user-1",
      safety_identifier: "user-1",
      prompt_cache_key: "cache-1",
      metadata: { run: "nightly" },
      store: false,
      service_tier: "auto",
      verbosity: "low",
    });
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(0);
    const stop = await openAISdk(key).chat.completions.create({
      model: "test",
      messages: hello,
      stop: [],
      tool_choice: "auto",
      functions: [],
      function_call: "none",
    });
    expect(stop.choices[0]?.finish_reason).toBe("stop");
    expect(await usageCount(account.id, "text")).toBe(2);
    // Taken, not forwarded: the provider saw none of them (see README, "API keys and the OpenAI-compatible API").
    const { body } = await lastUpstreamRequest(tag, { provider: "openai" });
    for (const field of [
      "tools",
      "temperature",
      "top_p",
      "seed",
      "user",
      "metadata",
      "logit_bias",
      "stop",
      "prediction",
    ]) {
      expect(body, field).not.toHaveProperty(field);
    }
  });

  it("takes every reasoning_effort OpenAI defines, asking a reasoning model for low or medium", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    for (const [effort, asked] of [
      ["none", "low"],
      ["minimal", "low"],
      ["high", "medium"],
      ["xhigh", "medium"],
      ["max", "medium"],
    ] as const) {
      const tag = uniqueTag(`api-effort-${effort}`);
      const completion = await openAISdk(key).chat.completions.create({
        model: "gpt-5-mini",
        messages: [{ role: "user", content: `Hello ${tag}` }],
        reasoning_effort: effort,
      });
      expect(completion.choices[0]?.message.content?.length, effort).toBeGreaterThan(0);
      const { body } = await lastUpstreamRequest(tag, { provider: "openai" });
      // OpenAI's reasoning models answer through the Responses API, which takes the effort as reasoning.effort.
      expect(body, effort).toMatchObject({ reasoning: { effort: asked } });
    }
  });

  it("takes web_search_options for a model that searches the web anyway", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const completion = await openAISdk(key).chat.completions.create({
      model: "test-web",
      messages: hello,
      web_search_options: { search_context_size: "low" },
    });
    expect(completion.choices[0]?.message.content?.length).toBeGreaterThan(0);
  });

  it("checks a hint as OpenAI does: out of its range is a 400 naming it", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    for (const [asked, param] of [
      [{ temperature: 3 }, "temperature"],
      [{ top_p: -1 }, "top_p"],
      [{ seed: 0.5 }, "seed"],
      [{ metadata: { run: 1 } }, "metadata.run"],
    ] as const) {
      const res = await postV1("/chat/completions", key, { model: "test", messages: hello, ...asked });
      expect(res.status, JSON.stringify(asked)).toBe(400);
      const { error } = (await res.json()) as { error: { param: string; code: string; type: string } };
      expect(error).toMatchObject({ param, code: "invalid_value", type: "invalid_request_error" });
    }
    expect(await usageCount(account.id, "text")).toBe(0);
  });
});

describe("parameters the image generations cannot honour", () => {
  const refused: [Partial<OpenAI.ImageGenerateParamsNonStreaming>, string][] = [
    [{ background: "transparent" }, "background"],
    [{ output_format: "jpeg" }, "output_format"],
    [{ partial_images: 2 }, "partial_images"],
  ];

  it.each(refused)("refuses %j naming %s, counting nothing", async (asked, param) => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const err = await sdkRefusal(
      openAISdk(key).images.generate({ model: "test-image", prompt: "a red square", ...asked }),
    );
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe(param);
    expect(err.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_parameter" });
    expect(err.message).toContain(`${param}: is not supported: `);
    expect(await usageCount(account.id, "image")).toBe(0);
  });

  it("refuses a streamed generation rather than answering it whole", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const res = await postV1("/images/generations", key, {
      model: "test-image",
      prompt: "a cat",
      stream: true,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param: string } }).error.param).toBe("stream");
    expect(await usageCount(account.id, "image")).toBe(0);
  });

  it("draws with the values that ask for nothing and the rendering hints", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const result = await openAISdk(key).images.generate({
      model: "test-image",
      prompt: "a red square",
      n: 1,
      // Open WebUI's default: taken as a hint, the model draws at its own size.
      size: "512x512",
      background: "auto",
      quality: "hd",
      style: "vivid",
      moderation: "low",
      output_compression: 80,
      stream: false,
      partial_images: 0,
      user: "user-1",
    });
    expect(result.data?.[0]?.b64_json?.length).toBeGreaterThan(0);
    expect(await usageCount(account.id, "image")).toBe(1);
  });

  it("checks the size hint's form: a size that is not WIDTHxHEIGHT is a 400 naming it", async () => {
    const account = await accountOnPlan("starter");
    const { key } = await createApiKey(account.cookie);
    const res = await postV1("/images/generations", key, {
      model: "test-image",
      prompt: "a cat",
      size: "huge",
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { param: string; code: string } };
    expect(error).toMatchObject({ param: "size", code: "invalid_value" });
    expect(await usageCount(account.id, "image")).toBe(0);
  });
});
