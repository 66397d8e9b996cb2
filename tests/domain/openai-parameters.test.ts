// OpenAI parameters the public API refuses unless they ask for nothing, and the hints it takes and ignores.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CHAT_PARAMETERS,
  IMAGE_PARAMETERS,
  type ParameterModel,
  parametersShape,
  REASONING_EFFORTS,
  reasoningEffortOf,
  refusedParameter,
} from "../../src/domain/openai-parameters";

const TEXT: ParameterModel = { category: "text" };
const WEB: ParameterModel = { category: "web" };

const json = { type: "json_schema", json_schema: { name: "a", schema: {} } };
const tool = { type: "function", function: { name: "lookup", parameters: {} } };

describe("refusedParameter on chat completions", () => {
  // [body, the param refused or null]: every value that asks for nothing passes, the rest are named.
  const cases: [Record<string, unknown>, string | null][] = [
    [{}, null],
    [{ tools: [] }, null],
    [{ tools: null }, null],
    [{ tools: [tool] }, "tools"],
    [{ tools: "lookup" }, "tools"],
    [{ functions: [] }, null],
    [{ functions: [tool.function] }, "functions"],
    [{ tool_choice: "none" }, null],
    [{ tool_choice: "auto" }, null],
    [{ tool_choice: null }, null],
    [{ tool_choice: "required" }, "tool_choice"],
    [{ tool_choice: { type: "function", function: { name: "lookup" } } }, "tool_choice"],
    [{ function_call: "none" }, null],
    [{ function_call: { name: "lookup" } }, "function_call"],
    [{ response_format: { type: "text" } }, null],
    [{ response_format: null }, null],
    [{ response_format: { type: "json_object" } }, "response_format"],
    [{ response_format: json }, "response_format"],
    [{ response_format: "json" }, "response_format"],
    [{ logprobs: false }, null],
    [{ logprobs: true }, "logprobs"],
    [{ top_logprobs: 0 }, null],
    [{ top_logprobs: 5 }, "top_logprobs"],
    [{ stop: null }, null],
    [{ stop: [] }, null],
    [{ stop: "\n" }, "stop"],
    [{ stop: ["END"] }, "stop"],
    [{ audio: null }, null],
    [{ audio: { voice: "alloy", format: "mp3" } }, "audio"],
    [{ modalities: ["text"] }, null],
    [{ modalities: [] }, null],
    [{ modalities: ["text", "audio"] }, "modalities"],
    [{ modalities: "audio" }, "modalities"],
    [{ prediction: null }, null],
    [{ prediction: { type: "content", content: "…" } }, null],
    [{ logit_bias: {} }, null],
    [{ logit_bias: { "50256": -100 } }, "logit_bias"],
    [{ moderation: { input: {} } }, "moderation"],
    [{ web_search_options: {} }, "web_search_options"],
    // Hints are not the table's to refuse: the schema checks them.
    [{ temperature: 0.2, top_p: 0.9, seed: 7, user: "u", store: true, parallel_tool_calls: false }, null],
    // The first refused one in the table's order is named, whatever the body's order.
    [{ stop: ["x"], tools: [tool] }, "tools"],
  ];
  it.each(cases)("%j → %s", (body, param) => {
    expect(refusedParameter(CHAT_PARAMETERS, body, TEXT)?.param ?? null).toBe(param);
  });

  it("takes web_search_options for a model that searches the web anyway", () => {
    expect(refusedParameter(CHAT_PARAMETERS, { web_search_options: {} }, WEB)).toBeNull();
    expect(refusedParameter(CHAT_PARAMETERS, { web_search_options: {} }, TEXT)?.param).toBe(
      "web_search_options",
    );
  });

  it("says what is not supported, why, and what may be sent instead", () => {
    expect(refusedParameter(CHAT_PARAMETERS, { tools: [tool] }, TEXT)).toEqual({
      param: "tools",
      problem:
        "is not supported: no tools are offered, so a model answers only in text; leave it out or send []",
    });
    expect(refusedParameter(CHAT_PARAMETERS, { audio: { voice: "alloy" } }, TEXT)).toEqual({
      param: "audio",
      problem: "is not supported: answers are text only; leave it out",
    });
  });
});

describe("refusedParameter on image generations", () => {
  const cases: [Record<string, unknown>, string | null][] = [
    [{}, null],
    [{ size: "auto" }, null],
    [{ size: null }, null],
    // A hint: clients send it with every request; each model draws at its own size.
    [{ size: "1024x1024" }, null],
    [{ size: "512x512" }, null],
    [{ background: "auto" }, null],
    [{ background: "transparent" }, "background"],
    [{ background: "opaque" }, "background"],
    [{ output_format: null }, null],
    [{ output_format: "png" }, "output_format"],
    [{ stream: false }, null],
    [{ stream: true }, "stream"],
    [{ partial_images: 0 }, null],
    [{ partial_images: 2 }, "partial_images"],
    // Rendering hints: the picture still answers the prompt.
    [{ quality: "hd", style: "vivid", moderation: "low", output_compression: 80 }, null],
  ];
  it.each(cases)("%j → %s", (body, param) => {
    expect(refusedParameter(IMAGE_PARAMETERS, body, { category: "image" })?.param ?? null).toBe(param);
  });
});

describe("the hints' schema", () => {
  const chat = z.object(parametersShape(CHAT_PARAMETERS));
  const images = z.object(parametersShape(IMAGE_PARAMETERS));
  // [schema, body, accepted]: hints are checked as OpenAI checks them; refused parameters pass as they came.
  const cases: [z.ZodType, Record<string, unknown>, boolean][] = [
    [chat, { temperature: 0, top_p: 1, presence_penalty: -2, frequency_penalty: 2, seed: -3 }, true],
    [chat, { temperature: null, top_p: null, seed: null, user: null, metadata: null }, true],
    [chat, { temperature: 2.5 }, false],
    [chat, { temperature: "0.7" }, false],
    [chat, { top_p: 1.1 }, false],
    [chat, { presence_penalty: -3 }, false],
    [chat, { seed: 1.5 }, false],
    [chat, { metadata: { run: "42" } }, true],
    [chat, { metadata: { run: 42 } }, false],
    [chat, { store: "yes" }, false],
    [chat, { service_tier: "flex", verbosity: "low", prompt_cache_key: "k", safety_identifier: "s" }, true],
    [chat, { tools: "anything", stop: 3 }, true],
    [chat, { prediction: { type: "content", content: "Hello" } }, true],
    [chat, { prediction: { type: "content", content: [{ type: "text", text: "Hello" }] } }, true],
    [chat, { prediction: { type: "audio", content: "Hello" } }, false],
    [images, { quality: "hd", style: "natural", output_compression: 100 }, true],
    [images, { output_compression: 101 }, false],
    [images, { quality: 3 }, false],
  ];
  it.each(cases)("%#: %j → %s", (schema, body, accepted) => {
    expect(schema.safeParse(body).success).toBe(accepted);
  });

  it("keeps each refused parameter for refusedParameter to judge", () => {
    const body = z.object(parametersShape(CHAT_PARAMETERS)).parse({ tools: [tool], temperature: 1 });
    expect(body).toMatchObject({ tools: [tool], temperature: 1 });
  });
});

describe("reasoningEffortOf", () => {
  // Every value OpenAI defines is taken (a client of the newest SDK sends "none", "xhigh" or "max"), on our two.
  const cases: [(typeof REASONING_EFFORTS)[number], "low" | "medium"][] = [
    ["none", "low"],
    ["minimal", "low"],
    ["low", "low"],
    ["medium", "medium"],
    ["high", "medium"],
    ["xhigh", "medium"],
    ["max", "medium"],
  ];
  it.each(cases)("%s → %s", (effort, ours) => {
    expect(reasoningEffortOf(effort)).toBe(ours);
  });
  it("covers every value", () => {
    expect(cases.map(([effort]) => effort)).toEqual([...REASONING_EFFORTS]);
  });
});
