// The public API's OpenAI shapes: error bodies by status, text of message contents, usage, chunks.
import { describe, expect, it } from "vitest";
import {
  chatCompletion,
  completionChunk,
  openAIErrorBody,
  textOfContent,
  usageChunk,
  usageOf,
} from "../../src/domain/openai-wire";

describe("openAIErrorBody", () => {
  it.each([
    [400, "invalid_input", "invalid_request_error", "invalid_request_error"],
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
});

describe("textOfContent", () => {
  it.each([
    ["hello", "hello"],
    [null, ""],
    [undefined, ""],
    [
      [
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ],
      "a\nb",
    ],
    [[{ type: "image_url" }], null],
    [[{ type: "text" }], null],
  ])("%j → %j", (content, expected) => {
    expect(textOfContent(content)).toBe(expected);
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
