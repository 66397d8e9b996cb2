// The Responses API request for an OpenAI model: input items, instructions, effort, reasoning summary, web search.
import type {
  ResponseCreateParamsStreaming,
  ResponseInputContent,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { dataUrl } from "./bytes";
import { messageParts } from "./parts";
import type { ProviderRequest } from "./types";

/** The Responses API refuses a max_output_tokens below 16 (Chat Completions takes any). */
const MIN_OUTPUT_TOKENS = 16;

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

/**
 * The streamed request. `summary` asks a reasoning model for summaries of its reasoning as it thinks
 * (the only reasoning text OpenAI gives); an organisation OpenAI has not verified is refused them.
 */
export function responsesRequest(
  req: ProviderRequest,
  { summary }: { summary: boolean },
): ResponseCreateParamsStreaming {
  // Only models whose catalogue entry has an effort take one; the request may pick another level.
  const effort = req.model.reasoningEffort && (req.options?.reasoningEffort ?? req.model.reasoningEffort);
  const maxTokens = req.options?.maxOutputTokens;
  return {
    model: req.model.providerModel,
    input: toResponsesInput(req),
    ...(req.system ? { instructions: req.system } : {}),
    stream: true,
    // Conversations live in our database, not at OpenAI.
    store: false,
    ...(req.model.category === "web" ? { tools: [{ type: "web_search" }] } : {}),
    ...(effort ? { reasoning: summary ? { effort, summary: "auto" } : { effort } } : {}),
    ...(maxTokens ? { max_output_tokens: Math.max(MIN_OUTPUT_TOKENS, maxTokens) } : {}),
  };
}
