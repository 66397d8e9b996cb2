// Streaming Claude messages through the official @anthropic-ai/sdk: text, thinking, web search, usage.
import Anthropic from "@anthropic-ai/sdk";
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import { claudeThinkingRequest } from "../domain/models/claude-thinking";
import { bytesToBase64 } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { messageParts } from "./parts";
import { SourceList } from "./sources";
import type { ProviderEvent, ProviderRequest, SearchSource } from "./types";

const DEFAULT_MAX_TOKENS = 8192;

type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

function toAnthropicMessages(req: ProviderRequest): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const message of req.messages) {
    if (message.role === "assistant" || !message.attachments?.length) {
      // The API refuses empty text blocks (e.g. an answer stopped before its first token).
      if (message.content.trim()) messages.push({ role: message.role, content: message.content });
      continue;
    }
    const content = messageParts(message, req.model, { pdf: true }).map((part): ContentBlockParam => {
      if (part.kind === "text") return { type: "text", text: part.text };
      if (part.kind === "image") {
        const media_type = part.mimeType as ImageMediaType;
        return { type: "image", source: { type: "base64", media_type, data: bytesToBase64(part.data) } };
      }
      // Not offered by this protocol (no audio or video in its ProtocolFiles): never produced.
      if (part.kind === "audio" || part.kind === "video") return { type: "text", text: "" };
      return {
        type: "document",
        title: part.name,
        source: { type: "base64", media_type: "application/pdf", data: bytesToBase64(part.data) },
      };
    });
    messages.push({ role: "user", content });
  }
  return messages;
}

/**
 * The thinking fields of a request, per the model's rule (src/domain/models/claude-thinking.ts). Adaptive
 * thinking asks for summarized display: the 5.5 models default to "omitted", which streams empty thinking
 * blocks and would leave the chat silent while the model thinks.
 */
function thinkingFields(
  req: ProviderRequest,
): Pick<MessageCreateParamsStreaming, "max_tokens" | "thinking" | "output_config"> {
  const answerTokens = req.options?.maxOutputTokens ?? DEFAULT_MAX_TOKENS;
  const plan = claudeThinkingRequest(req.model, answerTokens, req.options?.reasoningEffort);
  switch (plan.mode) {
    case "none":
      return { max_tokens: plan.maxTokens };
    case "budget":
      return { max_tokens: plan.maxTokens, thinking: { type: "enabled", budget_tokens: plan.budgetTokens } };
    case "between_tools":
      return { max_tokens: plan.maxTokens, thinking: { type: "between_tools" } };
    case "adaptive":
      return {
        max_tokens: plan.maxTokens,
        thinking: { type: "adaptive", display: "summarized" },
        ...(plan.effort ? { output_config: { effort: plan.effort } } : {}),
      };
  }
}

function requestBody(req: ProviderRequest): MessageCreateParamsStreaming {
  return {
    model: req.model.providerModel,
    messages: toAnthropicMessages(req),
    ...(req.system ? { system: req.system } : {}),
    stream: true,
    ...thinkingFields(req),
    ...(req.model.category === "web"
      ? { tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 5 }] }
      : {}),
  };
}

function resultSources(content: unknown): SearchSource[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((r: { url?: unknown; title?: unknown }) =>
    typeof r?.url === "string"
      ? [typeof r.title === "string" && r.title ? { url: r.url, title: r.title } : { url: r.url }]
      : [],
  );
}

export const anthropicAdapter = defineAdapter("text", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "anthropic");
  // maxRetries 0: failures surface at once, the chat layer decides about retrying.
  const client = new Anthropic({ apiKey, baseURL: baseUrl, maxRetries: 0, logLevel: "off" });
  const searches = req.model.category === "web";
  if (searches) yield { type: "search", status: "in_progress" };
  const stream = await client.messages.create(requestBody(req), { signal: req.signal });

  const sources = new SourceList();
  let searchReported = false;
  let stopped = false;
  let stopReason: string | null | undefined;
  let wroteText = false;
  let inputTokens = 0;
  let outputTokens = 0;
  const reportSearch = function* (grew: boolean, answerStarts: boolean): Generator<ProviderEvent> {
    if (searches && (grew || (answerStarts && !searchReported))) {
      searchReported = true;
      yield { type: "search", status: "completed", sources: sources.list() };
    }
  };
  const answer = function* (text: string): Generator<ProviderEvent> {
    yield* reportSearch(false, true);
    wroteText = true;
    yield { type: "text", delta: text };
  };

  for await (const event of stream) {
    switch (event.type) {
      case "message_start": {
        const u = event.message.usage;
        inputTokens =
          u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
        outputTokens = u.output_tokens;
        break;
      }
      case "content_block_start": {
        const block = event.content_block;
        if (block.type === "web_search_tool_result") {
          yield* reportSearch(sources.add(resultSources(block.content)), false);
        } else if (block.type === "text" && block.text) {
          yield* answer(block.text);
        }
        break;
      }
      case "content_block_delta": {
        const delta = event.delta;
        if (delta.type === "thinking_delta") {
          yield { type: "reasoning", delta: delta.thinking };
        } else if (delta.type === "text_delta") {
          yield* answer(delta.text);
        } else if (delta.type === "citations_delta" && delta.citation.type === "web_search_result_location") {
          const { url, title } = delta.citation;
          yield* reportSearch(sources.add([title ? { url, title } : { url }]), false);
        }
        break;
      }
      case "message_delta":
        outputTokens = event.usage.output_tokens;
        stopReason = event.delta.stop_reason;
        break;
      case "message_stop":
        stopped = true;
        break;
    }
  }

  if (!stopped) throw new ProviderFailure("provider_unavailable", "the stream ended before message_stop");
  if (stopReason === "refusal" && !wroteText) {
    throw new ProviderFailure("unable_to_process", "the model refused");
  }
  yield* reportSearch(false, true);
  if (stopReason === "max_tokens") yield { type: "truncated" };
  yield { type: "usage", inputTokens, outputTokens };
});
