// OpenAI's request parameters the public API cannot honour (refused, unless the value asks for nothing) and
// the hints it takes without passing them on, per endpoint: a client is told, never answered as if honoured.
import { z } from "zod";
import type { ModelEntry } from "./models/types.ts";

/** What a rule may ask of the model the request names. */
export type ParameterModel = Pick<ModelEntry, "category">;

/**
 * A parameter whose effect we cannot give: refused (a 400 naming it) unless it is absent, null or a value
 * that asks for nothing (`noOp`, e.g. `tools: []`), which clients send by habit and which must keep working.
 */
export interface RefusedParameter {
  kind: "refused";
  noOp: (value: unknown, model: ParameterModel) => boolean;
  /** The values that pass besides null, in words ("[]"), for the refusal; "" when only null does. */
  noOpWords: string;
  /** Why it cannot be honoured, said to the client. */
  why: string;
}

/**
 * A hint taken and not passed on (sampling, caching, identifiers…): without it the answer is still the
 * answer asked for, only not tuned as asked. Checked as OpenAI checks it, so a malformed one is still a 400.
 */
export interface IgnoredParameter {
  kind: "ignored";
  schema: z.ZodType;
}

export type ParameterRule = RefusedParameter | IgnoredParameter;

const refused = (noOp: RefusedParameter["noOp"], noOpWords: string, why: string): RefusedParameter => ({
  kind: "refused",
  noOp,
  noOpWords,
  why,
});
const ignored = (schema: z.ZodType): IgnoredParameter => ({ kind: "ignored", schema: schema.nullish() });

const nothing = () => false;
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
const oneOf =
  (...values: unknown[]) =>
  (value: unknown) =>
    values.includes(value);
const isTextFormat = (value: unknown) =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "text";
const isTextOnly = (value: unknown) => Array.isArray(value) && value.every((m) => m === "text");
const isEmptyMap = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

const NO_TOOLS = "no tools are offered, so a model answers only in text";
const TEXT_ONLY = "answers are text only";
const text = (max: number) => z.string().max(max);

/**
 * POST /api/v1/chat/completions, beside what the route honours itself (model, messages, stream,
 * stream_options, max_tokens, max_completion_tokens, reasoning_effort, n: 1). In the order checked: the
 * first refused one is the one named. Fields OpenAI does not define stay ignored, as before.
 */
export const CHAT_PARAMETERS = {
  tools: refused(isEmptyList, "[]", NO_TOOLS),
  functions: refused(isEmptyList, "[]", NO_TOOLS),
  // "auto" among no tools asks for nothing: tools that are not empty are refused first.
  tool_choice: refused(oneOf("none", "auto"), '"none" or "auto"', NO_TOOLS),
  function_call: refused(oneOf("none", "auto"), '"none" or "auto"', NO_TOOLS),
  response_format: refused(
    isTextFormat,
    '{"type": "text"}',
    "answers are plain text, not held to JSON or a schema (ask for JSON in the prompt instead)",
  ),
  logprobs: refused(oneOf(false), "false", "token log probabilities are not reported"),
  top_logprobs: refused(oneOf(0), "0", "token log probabilities are not reported"),
  stop: refused(isEmptyList, "[]", "stop sequences are not applied"),
  audio: refused(nothing, "", TEXT_ONLY),
  modalities: refused(isTextOnly, '["text"]', TEXT_ONLY),
  // Token ids are one tokenizer's and the models here have many; a ±100 bias is a rule, not a hint.
  logit_bias: refused(isEmptyMap, "{}", "token biases are not applied"),
  moderation: refused(nothing, "", "moderation results are not reported"),
  // A web model searches on its own: its options are hints there, a search nobody makes elsewhere.
  web_search_options: refused(
    (_value, model) => model.category === "web",
    "",
    "this model does not search the web; the web models (ids ending in -web, and sonar) do",
  ),
  temperature: ignored(z.number().min(0).max(2)),
  top_p: ignored(z.number().min(0).max(1)),
  presence_penalty: ignored(z.number().min(-2).max(2)),
  frequency_penalty: ignored(z.number().min(-2).max(2)),
  seed: ignored(z.number().int()),
  verbosity: ignored(text(20)),
  service_tier: ignored(text(20)),
  parallel_tool_calls: ignored(z.boolean()),
  store: ignored(z.boolean()),
  metadata: ignored(z.record(text(64), text(512))),
  user: ignored(text(1000)),
  safety_identifier: ignored(text(1000)),
  prompt_cache_key: ignored(text(1000)),
  prompt_cache_options: ignored(z.object({})),
  prompt_cache_retention: ignored(text(20)),
  // Predicted output only makes an answer come sooner where a provider supports it; the answer is the same.
  prediction: ignored(
    z.object({
      type: z.literal("content"),
      content: z.union([z.string(), z.array(z.object({ type: z.literal("text"), text: z.string() }))]),
    }),
  ),
} satisfies Record<string, ParameterRule>;

/**
 * POST /api/v1/images/generations, beside what the route honours (model, prompt, n: 1, response_format).
 * Each model draws in its own format (usually a PNG), so asking for another is refused. It also draws at its
 * own size, but `size` is a hint: clients such as Open WebUI send one with every request, and a picture of
 * another size is still the picture asked for (the answer is still a data URL a client shows as it comes).
 */
export const IMAGE_PARAMETERS = {
  size: ignored(z.string().regex(/^(auto|\d{1,5}x\d{1,5})$/, "must be auto or WIDTHxHEIGHT")),
  background: refused(oneOf("auto"), '"auto"', "each model chooses its background"),
  output_format: refused(nothing, "", "each model answers in its own format (see the data URL's type)"),
  stream: refused(oneOf(false), "false", "pictures are answered whole, not streamed"),
  partial_images: refused(oneOf(0), "0", "pictures are answered whole, not streamed"),
  quality: ignored(text(20)),
  style: ignored(text(20)),
  complexity: ignored(text(20)),
  moderation: ignored(text(20)),
  output_compression: ignored(z.number().int().min(0).max(100)),
  user: ignored(text(1000)),
  safety_identifier: ignored(text(1000)),
} satisfies Record<string, ParameterRule>;

/**
 * The zod shape of a table's fields, to spread into a route's schema: each hint checked, each refused
 * parameter kept as it came (a z.object would drop it) for `refusedParameter` to judge.
 */
export function parametersShape<T extends Record<string, ParameterRule>>(
  table: T,
): { [K in keyof T]: z.ZodType } {
  const entries = Object.entries(table).map(([name, rule]) => [
    name,
    rule.kind === "ignored" ? rule.schema : z.unknown().optional(),
  ]);
  return Object.fromEntries(entries) as { [K in keyof T]: z.ZodType };
}

/** The first parameter of `body` the table refuses, with what to say; null when every one asks for nothing. */
export function refusedParameter(
  table: Record<string, ParameterRule>,
  body: Record<string, unknown>,
  model: ParameterModel,
): { param: string; problem: string } | null {
  for (const [param, rule] of Object.entries(table)) {
    const value = body[param];
    if (rule.kind !== "refused" || value === undefined || value === null || rule.noOp(value, model)) continue;
    const instead = rule.noOpWords ? ` or send ${rule.noOpWords}` : "";
    return { param, problem: `is not supported: ${rule.why}; leave it out${instead}` };
  }
  return null;
}

/** OpenAI's values of `reasoning_effort`, the newest ("none", "xhigh", "max") included: a client may send any. */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type ApiReasoningEffort = (typeof REASONING_EFFORTS)[number];

/**
 * The effort a reasoning model of ours is asked for: the catalogue's two (SPEC §3: low or medium), the
 * lower half of OpenAI's scale taken as low, the upper as medium, the most any plan's requests reason.
 */
export const reasoningEffortOf = (effort: ApiReasoningEffort): "low" | "medium" =>
  REASONING_EFFORTS.indexOf(effort) <= REASONING_EFFORTS.indexOf("low") ? "low" : "medium";
