// Gemini web models through the native API (streamGenerateContent): Google Search grounding is not offered
// by the OpenAI-compatible endpoint. Plain fetch, Server-Sent Events read by hand.
import { bytesToBase64 } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { fetchOk } from "./http";
import { messageParts, type ProtocolFiles } from "./parts";
import { SourceList } from "./sources";
import { readSse } from "./sse";
import type { ProviderEvent, ProviderRequest, SearchSource } from "./types";

const THINKING_BUDGET = { low: 1024, medium: 8192 } as const;

/** Gemini reads audio and video inline (inline_data), as it does pictures and PDFs. */
const FILES: ProtocolFiles = {
  pdf: true,
  audio: ["audio/wav", "audio/mpeg", "audio/aiff", "audio/aac", "audio/ogg", "audio/flac"],
  video: [
    "video/mp4",
    "video/mpeg",
    "video/quicktime",
    "video/x-msvideo",
    "video/x-flv",
    "video/webm",
    "video/x-ms-wmv",
    "video/3gpp",
  ],
};

type Part = { text: string } | { inline_data: { mime_type: string; data: string } };

function contents(req: ProviderRequest): Array<{ role: "user" | "model"; parts: Part[] }> {
  return req.messages
    .filter((m) => m.content.trim() || m.attachments?.length)
    .map((message) => ({
      role: message.role === "assistant" ? "model" : "user",
      parts: messageParts(message, req.model, FILES).map(
        (part): Part =>
          part.kind === "text"
            ? { text: part.text }
            : {
                inline_data: {
                  mime_type: part.kind === "pdf" ? "application/pdf" : part.mimeType,
                  data: bytesToBase64(part.data),
                },
              },
      ),
    }));
}

function requestBody(req: ProviderRequest): Record<string, unknown> {
  const effort = req.model.reasoningEffort && (req.options?.reasoningEffort ?? req.model.reasoningEffort);
  const thinks = req.model.type === "reasoning";
  const generationConfig = {
    ...(thinks
      ? {
          thinkingConfig: {
            includeThoughts: true,
            ...(effort ? { thinkingBudget: THINKING_BUDGET[effort] } : {}),
          },
        }
      : {}),
    ...(req.options?.maxOutputTokens ? { maxOutputTokens: req.options.maxOutputTokens } : {}),
  };
  return {
    contents: contents(req),
    ...(req.system ? { systemInstruction: { parts: [{ text: req.system }] } } : {}),
    tools: [{ google_search: {} }],
    ...(Object.keys(generationConfig).length ? { generationConfig } : {}),
  };
}

interface GeminiChunk {
  candidates?: Array<{
    content?: { parts?: Array<{ text?: string; thought?: boolean }> };
    finishReason?: string;
    groundingMetadata?: { groundingChunks?: Array<{ web?: { uri?: string; title?: string } }> };
  }>;
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number };
  promptFeedback?: { blockReason?: string };
}

function groundingSources(chunk: GeminiChunk): SearchSource[] {
  const found = chunk.candidates?.[0]?.groundingMetadata?.groundingChunks ?? [];
  return found.flatMap(({ web }) =>
    web?.uri ? [web.title ? { url: web.uri, title: web.title } : { url: web.uri }] : [],
  );
}

export const geminiSearchAdapter = defineAdapter("text", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "google");
  // GOOGLE_BASE_URL names the OpenAI-compatible endpoint (…/v1beta/openai); the native API sits above it.
  const nativeBase = baseUrl.replace(/\/openai$/, "");
  const url = `${nativeBase}/models/${encodeURIComponent(req.model.providerModel)}:streamGenerateContent?alt=sse`;
  yield { type: "search", status: "in_progress" };
  const controller = new AbortController();
  const abort = () => controller.abort(req.signal.reason);
  req.signal.addEventListener("abort", abort, { once: true });
  try {
    const res = await fetchOk(
      url,
      {
        method: "POST",
        headers: { "x-goog-api-key": apiKey, "content-type": "application/json" },
        body: JSON.stringify(requestBody(req)),
        signal: controller.signal,
      },
      "gemini",
    );
    const sources = new SourceList();
    let searchReported = false;
    let finishReason: string | undefined;
    let wroteText = false;
    let usage: GeminiChunk["usageMetadata"];
    for await (const data of readSse(res)) {
      const chunk = JSON.parse(data) as GeminiChunk;
      if (chunk.promptFeedback?.blockReason) {
        throw new ProviderFailure("unable_to_process", `prompt blocked: ${chunk.promptFeedback.blockReason}`);
      }
      usage = chunk.usageMetadata ?? usage;
      const candidate = chunk.candidates?.[0];
      const parts = candidate?.content?.parts ?? [];
      const answerStarts = parts.some((p) => p.text && !p.thought);
      const grew = sources.add(groundingSources(chunk));
      if (grew || (answerStarts && !searchReported)) {
        searchReported = true;
        yield { type: "search", status: "completed", sources: sources.list() } satisfies ProviderEvent;
      }
      for (const part of parts) {
        if (!part.text) continue;
        if (!part.thought) wroteText = true;
        yield { type: part.thought ? "reasoning" : "text", delta: part.text } satisfies ProviderEvent;
      }
      finishReason = candidate?.finishReason ?? finishReason;
    }
    if (!finishReason)
      throw new ProviderFailure("provider_unavailable", "the stream ended without a finishReason");
    if (!wroteText && finishReason !== "STOP" && finishReason !== "MAX_TOKENS") {
      throw new ProviderFailure("unable_to_process", `no answer: ${finishReason}`);
    }
    if (!searchReported) yield { type: "search", status: "completed", sources: sources.list() };
    if (finishReason === "MAX_TOKENS") yield { type: "truncated" };
    if (usage) {
      const outputTokens = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
      yield { type: "usage", inputTokens: usage.promptTokenCount ?? 0, outputTokens };
    }
  } finally {
    req.signal.removeEventListener("abort", abort);
    // Also cancels the request when the consumer stops reading early.
    controller.abort();
  }
});
