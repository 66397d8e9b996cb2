// OpenAI web models through the Responses API: GPT-5 searches the web only with its web_search tool there.
import type {
  ResponseCreateParamsStreaming,
  ResponseInputContent,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { dataUrl } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { openAIClient } from "./openai-chat";
import { messageParts } from "./parts";
import { SourceList } from "./sources";
import type { ProviderEvent, ProviderRequest, SearchSource } from "./types";

function toResponsesInput(req: ProviderRequest): ResponseInputItem[] {
  return req.messages.map((message): ResponseInputItem => {
    if (message.role === "assistant" || !message.attachments?.length) {
      return { role: message.role, content: message.content };
    }
    const content = messageParts(message, req.model, { pdf: true }).map((part): ResponseInputContent => {
      if (part.kind === "text") return { type: "input_text", text: part.text };
      if (part.kind === "image") {
        return { type: "input_image", image_url: dataUrl(part.mimeType, part.data), detail: "auto" };
      }
      // Not offered by this protocol (no audio or video in its ProtocolFiles): never produced.
      if (part.kind === "audio" || part.kind === "video") return { type: "input_text", text: "" };
      return { type: "input_file", filename: part.name, file_data: dataUrl("application/pdf", part.data) };
    });
    return { role: "user", content };
  });
}

function requestBody(req: ProviderRequest): ResponseCreateParamsStreaming {
  const effort = req.model.reasoningEffort && (req.options?.reasoningEffort ?? req.model.reasoningEffort);
  return {
    model: req.model.providerModel,
    input: toResponsesInput(req),
    ...(req.system ? { instructions: req.system } : {}),
    stream: true,
    // Conversations live in our database, not at OpenAI.
    store: false,
    tools: [{ type: "web_search" }],
    ...(effort ? { reasoning: { effort } } : {}),
    ...(req.options?.maxOutputTokens ? { max_output_tokens: req.options.maxOutputTokens } : {}),
  };
}

function searchSources(item: unknown): SearchSource[] {
  const action = (item as { action?: { sources?: Array<{ url?: unknown }> } }).action;
  return (action?.sources ?? []).flatMap((s) => (typeof s.url === "string" ? [{ url: s.url }] : []));
}

export const openAIResponsesAdapter = defineAdapter("text", async function* (req, config) {
  const client = openAIClient(requireEndpoint(config, "openai"));
  yield { type: "search", status: "in_progress" };
  const stream = await client.responses.create(requestBody(req), { signal: req.signal });

  const sources = new SourceList();
  let searchReported = false;
  let done = false;
  const report = function* (grew: boolean, answerStarts: boolean): Generator<ProviderEvent> {
    if (grew || (answerStarts && !searchReported)) {
      searchReported = true;
      yield { type: "search", status: "completed", sources: sources.list() };
    }
  };

  for await (const event of stream) {
    switch (event.type) {
      case "response.output_item.done":
        if (event.item.type === "web_search_call")
          yield* report(sources.add(searchSources(event.item)), false);
        break;
      case "response.reasoning_summary_text.delta":
        yield { type: "reasoning", delta: event.delta };
        break;
      case "response.output_text.delta":
        yield* report(false, true);
        yield { type: "text", delta: event.delta };
        break;
      case "response.output_text.annotation.added": {
        const a = event.annotation as { type?: string; url?: string; title?: string } | null;
        if (a?.type === "url_citation" && a.url) {
          yield* report(sources.add([a.title ? { url: a.url, title: a.title } : { url: a.url }]), false);
        }
        break;
      }
      case "response.completed": {
        done = true;
        yield* report(false, true);
        const usage = event.response.usage;
        if (usage)
          yield { type: "usage", inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
        break;
      }
      case "response.incomplete": {
        // Cut by max_output_tokens or a content filter: what was written stands.
        done = true;
        yield* report(false, true);
        if (event.response.incomplete_details?.reason === "max_output_tokens") yield { type: "truncated" };
        const usage = event.response.usage;
        if (usage)
          yield { type: "usage", inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
        break;
      }
      case "response.failed":
        throw new ProviderFailure(
          "provider_unavailable",
          `response failed: ${event.response.error?.message ?? ""}`,
        );
    }
  }
  if (!done) throw new ProviderFailure("provider_unavailable", "the stream ended before response.completed");
});
