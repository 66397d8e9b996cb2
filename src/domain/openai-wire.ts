// The public API's wire shapes (OpenAI's chat completions, models, images and errors) and the pure rules
// that build them, so the Worker answers what the official SDKs and other OpenAI clients expect.

export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface OpenAIModel {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
}

export interface OpenAIModelList {
  object: "list";
  data: OpenAIModel[];
}

export type FinishReason = "stop" | "length" | "content_filter";

export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: {
    index: 0;
    message: { role: "assistant"; content: string; refusal: null; reasoning_content?: string };
    logprobs: null;
    finish_reason: FinishReason;
  }[];
  usage: OpenAIUsage;
}

export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: {
    index: 0;
    delta: { role?: "assistant"; content?: string; reasoning_content?: string };
    logprobs: null;
    finish_reason: FinishReason | null;
  }[];
  usage?: OpenAIUsage | null;
}

export interface ImagesResponse {
  created: number;
  data: ({ b64_json: string } | { url: string })[];
}

/** OpenAI's error types, by HTTP status. */
export type OpenAIErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "rate_limit_error"
  | "insufficient_quota"
  | "api_error";

export interface OpenAIErrorBody {
  error: { message: string; type: OpenAIErrorType; param: string | null; code: string | null };
}

/** Our error codes that have a name of their own in OpenAI's vocabulary. */
const OPENAI_CODES: Record<string, string> = {
  unauthorized: "invalid_api_key",
  quota_reached: "insufficient_quota",
  fair_usage_limit: "rate_limit_exceeded",
  too_many_requests: "rate_limit_exceeded",
  model_not_found: "model_not_found",
  invalid_input: "invalid_request_error",
};

function typeOf(status: number, code: string): OpenAIErrorType {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return code === "quota_reached" ? "insufficient_quota" : "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

/** `{ error: { message, type, param, code } }` for one of our failures (`code` is ours, mapped when OpenAI has a name). */
export function openAIErrorBody(
  status: number,
  code: string,
  message: string,
  param: string | null = null,
): OpenAIErrorBody {
  return { error: { message, type: typeOf(status, code), param, code: OPENAI_CODES[code] ?? code } };
}

/** A rough token count (4 characters a token) for providers that report no usage. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export function usageOf(
  reported: { inputTokens: number; outputTokens: number } | null,
  fallback: { prompt: string; answer: string },
): OpenAIUsage {
  const prompt_tokens = reported?.inputTokens ?? estimateTokens(fallback.prompt);
  const completion_tokens = reported?.outputTokens ?? estimateTokens(fallback.answer);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** One streamed chunk; `delta` empty and `finish` set for the last choice chunk. */
export function completionChunk(
  base: { id: string; created: number; model: string },
  delta: ChatCompletionChunk["choices"][number]["delta"],
  finish: FinishReason | null = null,
): ChatCompletionChunk {
  return {
    id: base.id,
    object: "chat.completion.chunk",
    created: base.created,
    model: base.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  };
}

/** The chunk `stream_options.include_usage` asks for: no choices, the usage of the whole answer. */
export function usageChunk(
  base: { id: string; created: number; model: string },
  usage: OpenAIUsage,
): ChatCompletionChunk {
  return {
    id: base.id,
    object: "chat.completion.chunk",
    created: base.created,
    model: base.model,
    choices: [],
    usage,
  };
}

export function chatCompletion(
  base: { id: string; created: number; model: string },
  answer: { content: string; reasoning: string; usage: OpenAIUsage },
): ChatCompletion {
  const message: ChatCompletion["choices"][number]["message"] = {
    role: "assistant",
    content: answer.content,
    refusal: null,
  };
  if (answer.reasoning) message.reasoning_content = answer.reasoning;
  return {
    id: base.id,
    object: "chat.completion",
    created: base.created,
    model: base.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: "stop" }],
    usage: answer.usage,
  };
}

/** A chat message as OpenAI clients send it: the text of its content (string, or text parts). */
export type OpenAIContent = string | null | { type: string; text?: string }[];

/** The text of a message's content; null when it carries a part we cannot pass on (images, audio…). */
export function textOfContent(content: OpenAIContent | undefined): string | null {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  const texts: string[] = [];
  for (const part of content) {
    if (part.type !== "text" || typeof part.text !== "string") return null;
    texts.push(part.text);
  }
  return texts.join("\n");
}
