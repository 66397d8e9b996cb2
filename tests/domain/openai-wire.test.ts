// The public API's OpenAI shapes: error bodies by status, message contents (text, pictures), usage, chunks.
import { describe, expect, it } from "vitest";
import {
  chatCompletion,
  completionChunk,
  isEmptyContent,
  openAIErrorBody,
  openAIParam,
  partsOfContent,
  usageChunk,
  usageOf,
} from "../../src/domain/openai-wire";

describe("openAIErrorBody", () => {
  it.each([
    [400, "invalid_input", "invalid_request_error", "invalid_value"],
    [401, "unauthorized", "authentication_error", "invalid_api_key"],
    [403, "model_not_in_plan", "permission_error", "model_not_in_plan"],
    [404, "model_not_found", "not_found_error", "model_not_found"],
    [404, "not_found", "not_found_error", "not_found"],
    [429, "quota_reached", "insufficient_quota", "insufficient_quota"],
    [429, "too_many_requests", "rate_limit_error", "rate_limit_exceeded"],
    [500, "internal_error", "api_error", "internal_error"],
    [502, "provider_unavailable", "api_error", "provider_unavailable"],
  ])("%i %s → type %s, code %s", (status, code, type, openAICode) => {
    expect(openAIErrorBody(status, code, "Why.")).toEqual({
      error: { message: "Why.", type, param: null, code: openAICode },
    });
  });

  it("gives a 400 the code of its kind when the refusal names one, with the field in param", () => {
    expect(openAIErrorBody(400, "invalid_input", "Why.", "messages[1].content", "empty_content")).toEqual({
      error: {
        message: "Why.",
        type: "invalid_request_error",
        param: "messages[1].content",
        code: "empty_content",
      },
    });
  });
});

describe("openAIParam", () => {
  it.each([
    ["messages.0.content", "messages[0].content"],
    ["messages.2.content.1.image_url.url", "messages[2].content[1].image_url.url"],
    ["max_tokens", "max_tokens"],
    ["stream_options.include_usage", "stream_options.include_usage"],
    ["", null],
  ])("%j → %j", (path, param) => expect(openAIParam(path)).toBe(param));

  it("takes zod's segments too", () => {
    expect(openAIParam(["messages", 0, "content"])).toBe("messages[0].content");
    expect(openAIParam([])).toBeNull();
  });
});

describe("isEmptyContent", () => {
  it.each([
    [undefined, true],
    [null, true],
    ["", true],
    [" \n\t ", true],
    [[], true],
    [[{ type: "text", text: "" }], true],
    [[{ type: "text", text: "  " }, { type: "text" }], true],
    ["hi", false],
    [
      [
        { type: "text", text: " " },
        { type: "text", text: "hi" },
      ],
      false,
    ],
    [[{ type: "image_url", image_url: { url: "data:," } }], false],
    // Not empty, and not ours to pass on either: partsOfContent says why.
    [[{ type: "input_audio" }], false],
  ])("%j → %s", (content, empty) => expect(isEmptyContent(content)).toBe(empty));
});

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const dataUrl = (bytes: number[], type = "image/png") =>
  `data:${type};base64,${btoa(String.fromCharCode(...bytes))}`;

describe("partsOfContent", () => {
  it.each([
    ["hello", { text: "hello", images: [] }],
    [null, { text: "", images: [] }],
    [undefined, { text: "", images: [] }],
    [
      [
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ],
      { text: "a\nb", images: [] },
    ],
    [[{ type: "text" }], { problem: "must be a string", path: "0.text", code: "invalid_value" }],
    [
      [{ type: "input_audio" }],
      {
        problem: 'only "text" and "image_url" parts are supported, not "input_audio"',
        path: "0.type",
        code: "unsupported_content",
      },
    ],
    [[{ type: "image_url" }], { problem: "is required", path: "0.image_url.url", code: "invalid_image_url" }],
    [
      [{ type: "image_url", image_url: { url: "https://example.com/cat.png" } }],
      {
        problem: "must be a data: URL (base64); pictures are not fetched from addresses",
        path: "0.image_url.url",
        code: "invalid_image_url",
      },
    ],
    [
      [{ type: "image_url", image_url: { url: "data:image/png;base64,@@@" } }],
      { problem: "is not a base64 data: URL", path: "0.image_url.url", code: "invalid_image_url" },
    ],
    [
      [
        { type: "text", text: "x" },
        { type: "image_url", image_url: dataUrl([0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e]) },
      ],
      {
        problem: "must be a PNG, JPEG, GIF or WebP picture",
        path: "1.image_url",
        code: "invalid_image_format",
      },
    ],
  ] as const)("%j → %j", (content, expected) => {
    expect(partsOfContent(content as never)).toEqual(expected);
  });

  it("decodes a picture by its bytes, whatever type the data URL names", () => {
    const parts = partsOfContent([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: dataUrl(PNG, "image/jpeg"), detail: "low" } },
    ]);
    expect(parts).toEqual({
      text: "What is this?",
      images: [{ name: "image-1.png", type: "image/png", data: new Uint8Array(PNG) }],
    });
  });
});

describe("usageOf", () => {
  it("takes the provider's counts when it reported them", () => {
    expect(usageOf({ inputTokens: 7, outputTokens: 3 }, { prompt: "x", answer: "y" })).toEqual({
      prompt_tokens: 7,
      completion_tokens: 3,
      total_tokens: 10,
    });
  });
  it("estimates four characters a token otherwise", () => {
    expect(usageOf(null, { prompt: "12345678", answer: "123456789" })).toEqual({
      prompt_tokens: 2,
      completion_tokens: 3,
      total_tokens: 5,
    });
  });
});

describe("completion shapes", () => {
  const base = { id: "chatcmpl-1", created: 1, model: "test" };
  it("builds a chunk, the last chunk and the usage chunk as OpenAI streams them", () => {
    expect(completionChunk(base, { content: "Hi" })).toEqual({
      ...base,
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { content: "Hi" }, logprobs: null, finish_reason: null }],
    });
    expect(completionChunk(base, {}, "stop").choices[0]?.finish_reason).toBe("stop");
    const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };
    expect(usageChunk(base, usage)).toEqual({ ...base, object: "chat.completion.chunk", choices: [], usage });
  });
  it("builds a whole completion, with the reasoning only when there was some", () => {
    const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };
    const whole = chatCompletion(base, { content: "Hi", reasoning: "", usage });
    expect(whole.choices[0]?.message).toEqual({ role: "assistant", content: "Hi", refusal: null });
    expect(whole.usage).toEqual(usage);
    expect(
      chatCompletion(base, { content: "Hi", reasoning: "hmm", usage }).choices[0]?.message.reasoning_content,
    ).toBe("hmm");
  });
});
