// The public API's wire shapes (OpenAI's chat completions, models, images and errors) and the pure rules
// that build them, so the Worker answers what the official SDKs and other OpenAI clients expect.
import { type ByteFamily, MAX_UPLOAD_BYTES, SNIFF_BYTES, sniffFamily } from "./files";

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

/**
 * The `code` of every 400 the public API answers (all of type `invalid_request_error`, `param` naming the
 * field): one per kind of failure, so a client can tell them apart without reading the message. OpenAI's own
 * names where it has one for the same failure.
 */
export const OPENAI_INVALID_REQUEST_CODES = [
  /** The body is not JSON at all. */
  "invalid_json",
  /** A field is missing, of the wrong type or out of its range, or the body is not an object (`param` null). */
  "invalid_value",
  /**
   * A message that says nothing: content missing, null, "", only whitespace, or parts with no picture and no
   * non-blank text. Whatever its role: OpenAI takes an empty assistant turn only beside its tool calls, and we
   * support no tools (several providers refuse an empty turn outright).
   */
  "empty_content",
  /** A part we cannot pass on (audio, files, refusals…), or a picture outside a user message or to a model that takes none. */
  "unsupported_content",
  /** A picture's `image_url` is not a base64 `data:` URL within the size limit (pictures are never fetched). */
  "invalid_image_url",
  /** A picture's bytes are not a PNG, JPEG, GIF or WebP. */
  "invalid_image_format",
  /** No user message: nothing to answer. */
  "missing_user_message",
  /** The model is of the other kind for the endpoint (an image model on chat completions, or the reverse). */
  "unsupported_model",
  /** A parameter this API cannot honour (tools, JSON output, stop…): OpenAI's own code for one a model lacks. */
  "unsupported_parameter",
] as const;

export type OpenAIInvalidRequestCode = (typeof OPENAI_INVALID_REQUEST_CODES)[number];

/** Our error codes that have a name of their own in OpenAI's vocabulary. */
const OPENAI_CODES: Record<string, string> = {
  unauthorized: "invalid_api_key",
  quota_reached: "insufficient_quota",
  fair_usage_limit: "rate_limit_exceeded",
  too_many_requests: "rate_limit_exceeded",
  model_not_found: "model_not_found",
  // A schema failure (the validation middleware's), when the refusal names no kind of its own.
  invalid_input: "invalid_value",
};

function typeOf(status: number, code: string): OpenAIErrorType {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return code === "quota_reached" ? "insufficient_quota" : "rate_limit_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

/**
 * A field's path as OpenAI's errors name it in `param`: indexes in brackets (`messages[0].content`). Takes our
 * dotted paths (`messages.0.content`, as validation details carry them) or zod's segments; null for the body.
 */
export function openAIParam(path: string | readonly PropertyKey[]): string | null {
  const segments = typeof path === "string" ? (path ? path.split(".") : []) : path.map(String);
  let param = "";
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) param += `[${segment}]`;
    else param += param ? `.${segment}` : segment;
  }
  return param || null;
}

/**
 * `{ error: { message, type, param, code } }` for one of our failures: `code` is the kind of invalid request
 * when the refusal names one, else ours, mapped when OpenAI has a name for it.
 */
export function openAIErrorBody(
  status: number,
  code: string,
  message: string,
  param: string | null = null,
  requestCode?: OpenAIInvalidRequestCode,
): OpenAIErrorBody {
  const openAICode = requestCode ?? OPENAI_CODES[code] ?? code;
  return { error: { message, type: typeOf(status, code), param, code: openAICode } };
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
  answer: { content: string; reasoning: string; usage: OpenAIUsage; finish?: FinishReason },
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
    choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finish ?? "stop" }],
    usage: answer.usage,
  };
}

/** A chat message's content as OpenAI clients send it: a string, or parts (text, and pictures as data URLs). */
export type OpenAIContent = string | null | OpenAIContentPart[];

export interface OpenAIContentPart {
  type: string;
  text?: string;
  image_url?: string | { url?: string; detail?: string };
}

/** A picture a message carries inline, decoded. */
export interface InlineImage {
  name: string;
  type: string;
  data: Uint8Array;
}

/** Why a message's content cannot be passed on: what is wrong, where (under the content), and its kind. */
export interface ContentProblem {
  problem: string;
  path: string;
  code: OpenAIInvalidRequestCode;
}

/** What a message's content carries, or why it cannot be passed on. */
export type ContentParts = { text: string; images: InlineImage[] } | ContentProblem;

const IMAGE_TYPES: Partial<Record<ByteFamily, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?;base64,([A-Za-z0-9+/]*={0,2})$/;

function decodeBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** One image part's picture: a base64 data URL of a PNG, JPEG, GIF or WebP (checked by its bytes). */
function imageOfPart(part: OpenAIContentPart, n: number): InlineImage | ContentProblem {
  const url = typeof part.image_url === "string" ? part.image_url : part.image_url?.url;
  const path = typeof part.image_url === "string" ? "image_url" : "image_url.url";
  const refused = (problem: string, code: OpenAIInvalidRequestCode = "invalid_image_url") => ({
    problem,
    path,
    code,
  });
  if (typeof url !== "string") return refused("is required");
  if (!url.startsWith("data:")) {
    return refused("must be a data: URL (base64); pictures are not fetched from addresses");
  }
  const match = DATA_URL.exec(url);
  const data = match ? decodeBase64(match[2] ?? "") : null;
  if (!data) return refused("is not a base64 data: URL");
  if (data.length > MAX_UPLOAD_BYTES) return refused(`is over ${MAX_UPLOAD_BYTES} bytes`);
  const type = IMAGE_TYPES[sniffFamily(data.subarray(0, SNIFF_BYTES))];
  if (!type) return refused("must be a PNG, JPEG, GIF or WebP picture", "invalid_image_format");
  return { name: `image-${n}.${type.slice("image/".length).replace("jpeg", "jpg")}`, type, data };
}

/**
 * Content that says nothing: none, "", only whitespace, or parts none of which is a picture or a text with
 * something in it. OpenAI refuses a user message like that with a 400; so do we, for every role (see
 * `empty_content`), before counting the request.
 */
export function isEmptyContent(content: OpenAIContent | undefined): boolean {
  if (content === null || content === undefined) return true;
  if (typeof content === "string") return content.trim() === "";
  return content.every((part) => part.type === "text" && (part.text ?? "").trim() === "");
}

/** The text of a message's content and its pictures; a part we cannot pass on (audio, files…) is a problem. */
export function partsOfContent(content: OpenAIContent | undefined): ContentParts {
  if (content === null || content === undefined) return { text: "", images: [] };
  if (typeof content === "string") return { text: content, images: [] };
  const texts: string[] = [];
  const images: InlineImage[] = [];
  for (const [i, part] of content.entries()) {
    if (part.type === "text") {
      if (typeof part.text !== "string") {
        return { problem: "must be a string", path: `${i}.text`, code: "invalid_value" };
      }
      texts.push(part.text);
      continue;
    }
    if (part.type !== "image_url") {
      return {
        problem: `only "text" and "image_url" parts are supported, not "${part.type}"`,
        path: `${i}.type`,
        code: "unsupported_content",
      };
    }
    const image = imageOfPart(part, images.length + 1);
    if ("problem" in image) return { ...image, path: `${i}.${image.path}` };
    images.push(image);
  }
  return { text: texts.join("\n"), images };
}
