// Streaming chat completions through the official openai SDK, for OpenAI and every OpenAI-compatible provider.
import OpenAI from "openai";
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { Provider } from "../domain/models/types";
import { bytesToBase64, dataUrl } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { messageParts } from "./parts";
import { SourceList, sourcesFromChunk } from "./sources";
import { ThinkSplitter } from "./think-tags";
import type { ProviderEvent, ProviderRequest } from "./types";

export const OPENAI_COMPATIBLE = [
  "openai",
  "mistral",
  "groq",
  "fireworks",
  "xai",
  "perplexity",
  "google",
  "openperplex",
] as const satisfies readonly Provider[];
export type OpenAICompatibleProvider = (typeof OPENAI_COMPATIBLE)[number];

interface Quirks {
  /** Accepts stream_options.include_usage (Mistral rejects unknown fields; Perplexity sends usage anyway). */
  usageOption: boolean;
  /** Takes PDFs as `file` content parts. */
  pdf: boolean;
  /** Audio MIME types taken as `input_audio` parts (the protocol knows wav and mp3). */
  audio?: readonly string[];
  /** Always searches the web (Sonar), whatever the catalogue category. */
  alwaysSearches: boolean;
  /** Extra body fields that turn web search on for the catalogue's -web variants. */
  webSearch?: Record<string, unknown>;
}

const WAV_MP3 = ["audio/wav", "audio/mpeg"] as const;

const QUIRKS: Record<OpenAICompatibleProvider, Quirks> = {
  // OpenAI's web and reasoning models go through the Responses API (openai-responses.ts).
  openai: { usageOption: true, pdf: true, alwaysSearches: false },
  xai: {
    usageOption: true,
    pdf: false,
    alwaysSearches: false,
    webSearch: { search_parameters: { mode: "on", return_citations: true } },
  },
  groq: { usageOption: true, pdf: false, alwaysSearches: false },
  fireworks: { usageOption: true, pdf: false, alwaysSearches: false },
  google: { usageOption: true, pdf: false, alwaysSearches: false, audio: WAV_MP3 },
  mistral: { usageOption: false, pdf: false, alwaysSearches: false, audio: WAV_MP3 },
  perplexity: { usageOption: false, pdf: false, alwaysSearches: true },
  openperplex: { usageOption: false, pdf: false, alwaysSearches: true },
};

export function isOpenAICompatible(provider: Provider): provider is OpenAICompatibleProvider {
  return (OPENAI_COMPATIBLE as readonly string[]).includes(provider);
}

export function openAIClient(endpoint: { baseUrl: string; apiKey: string }): OpenAI {
  return new OpenAI({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseUrl,
    // Failures must surface at once: the chat layer decides about retrying.
    maxRetries: 0,
    // Never pick up an OpenAI organisation or project from process.env for another provider.
    organization: null,
    project: null,
    // Failures reach the caller as error events; the SDK's console logging would only duplicate them.
    logLevel: "off",
  });
}

function toOpenAIMessages(req: ProviderRequest, quirks: Quirks): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (req.system) messages.push({ role: "system", content: req.system });
  for (const message of req.messages) {
    if (message.role === "assistant" || !message.attachments?.length) {
      messages.push({ role: message.role, content: message.content });
      continue;
    }
    const content = messageParts(message, req.model, quirks).map((part): ChatCompletionContentPart => {
      if (part.kind === "text") return { type: "text", text: part.text };
      if (part.kind === "image")
        return { type: "image_url", image_url: { url: dataUrl(part.mimeType, part.data) } };
      if (part.kind === "audio" || part.kind === "video") {
        const format = part.mimeType === "audio/wav" ? "wav" : "mp3";
        return { type: "input_audio", input_audio: { data: bytesToBase64(part.data), format } };
      }
      return {
        type: "file",
        file: { filename: part.name, file_data: dataUrl("application/pdf", part.data) },
      };
    });
    messages.push({ role: "user", content });
  }
  return messages;
}

/** What OpenAI-compatible providers add to a streamed delta beyond the SDK's types. */
interface RawDelta {
  content?:
    | string
    | Array<{ type?: string; text?: string; thinking?: string | Array<{ text?: string }> }>
    | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
}
interface RawUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}
interface RawChunk {
  choices?: Array<{ delta?: RawDelta; finish_reason?: string | null }>;
  usage?: RawUsage | null;
  x_groq?: { usage?: RawUsage };
}

/** Mistral's Magistral streams content as typed parts, with its reasoning in `thinking` parts. */
function* deltaPieces(delta: RawDelta, think: ThinkSplitter): Generator<ProviderEvent> {
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (reasoning) yield { type: "reasoning", delta: reasoning };
  if (typeof delta.content === "string") {
    for (const piece of think.push(delta.content)) yield { type: piece.kind, delta: piece.text };
  } else if (Array.isArray(delta.content)) {
    for (const part of delta.content) {
      if (part.type === "thinking") {
        const text =
          typeof part.thinking === "string"
            ? part.thinking
            : (part.thinking ?? []).map((t) => t.text ?? "").join("");
        if (text) yield { type: "reasoning", delta: text };
      } else if (part.text) {
        yield { type: "text", delta: part.text };
      }
    }
  }
}

function requestBody(
  req: ProviderRequest,
  provider: OpenAICompatibleProvider,
): ChatCompletionCreateParamsStreaming {
  const quirks = QUIRKS[provider];
  const searches = quirks.alwaysSearches || req.model.category === "web";
  // Only models whose catalogue entry has an effort take one; the request may pick another level.
  const effort = req.model.reasoningEffort && (req.options?.reasoningEffort ?? req.model.reasoningEffort);
  const maxTokens = req.options?.maxOutputTokens;
  const tokenLimit = provider === "openai" ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
  return {
    model: req.model.providerModel,
    messages: toOpenAIMessages(req, quirks),
    stream: true,
    ...(quirks.usageOption ? { stream_options: { include_usage: true } } : {}),
    ...(effort ? { reasoning_effort: effort } : {}),
    ...(maxTokens ? tokenLimit : {}),
    ...(searches && quirks.webSearch ? quirks.webSearch : {}),
  } as ChatCompletionCreateParamsStreaming;
}

export const openAIChatAdapter = defineAdapter("text", async function* (req, config) {
  const provider = req.model.provider;
  if (!isOpenAICompatible(provider)) {
    throw new ProviderFailure("unable_to_process", `${provider} is not OpenAI-compatible`);
  }
  const client = openAIClient(requireEndpoint(config, provider));
  const searches = QUIRKS[provider].alwaysSearches || req.model.category === "web";
  if (searches) yield { type: "search", status: "in_progress" };
  const stream = await client.chat.completions.create(requestBody(req, provider), { signal: req.signal });

  const think = new ThinkSplitter();
  const sources = new SourceList();
  let searchReported = false;
  let finishReason: string | undefined;
  let wroteText = false;
  let usage: RawUsage | undefined;

  for await (const chunk of stream) {
    const raw = chunk as unknown as RawChunk;
    usage = raw.x_groq?.usage ?? raw.usage ?? usage;
    const choice = raw.choices?.[0];
    const grew = sources.add(sourcesFromChunk(chunk));
    const pieces = choice?.delta ? [...deltaPieces(choice.delta, think)] : [];
    const answerStarts = pieces.some((p) => p.type === "text");
    // Search is over once sources arrive or the answer starts; later sources (xAI sends them last) update it.
    if (searches && (grew || (answerStarts && !searchReported))) {
      searchReported = true;
      yield { type: "search", status: "completed", sources: sources.list() };
    }
    for (const piece of pieces) {
      if (piece.type === "text") wroteText = true;
      yield piece;
    }
    if (choice?.finish_reason) finishReason = choice.finish_reason;
  }
  for (const piece of think.flush()) yield { type: piece.kind, delta: piece.text };

  if (!finishReason) {
    throw new ProviderFailure("provider_unavailable", "the stream ended before the answer was complete");
  }
  if (finishReason === "content_filter" && !wroteText) {
    throw new ProviderFailure("unable_to_process", "content filtered");
  }
  if (finishReason === "length") yield { type: "truncated" };
  if (searches && !searchReported) yield { type: "search", status: "completed", sources: sources.list() };
  if (usage) {
    yield {
      type: "usage",
      inputTokens: usage.prompt_tokens ?? 0,
      outputTokens: usage.completion_tokens ?? 0,
    };
  }
});
