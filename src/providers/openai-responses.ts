// OpenAI's web and reasoning models through the Responses API: the web_search tool, and reasoning summaries.
import type OpenAI from "openai";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { openAIClient } from "./openai-chat";
import { responsesRequest } from "./openai-responses-request";
import { SourceList } from "./sources";
import type { ProviderEvent, ProviderRequest, SearchSource } from "./types";

/** API keys of organisations OpenAI refused reasoning summaries (not verified), for this isolate's life. */
const summariesRefused = new Set<string>();

async function openStream(client: OpenAI, req: ProviderRequest, apiKey: string) {
  const summary =
    Boolean(req.model.reasoningEffort) &&
    req.options?.reasoningSummary !== false &&
    !summariesRefused.has(apiKey);
  const create = (withSummary: boolean) =>
    client.responses.create(responsesRequest(req, { summary: withSummary }), { signal: req.signal });
  try {
    return await create(summary);
  } catch (err) {
    const e = err as { status?: unknown; param?: unknown };
    if (!summary || e?.status !== 400 || e.param !== "reasoning.summary") throw err;
    // An unverified organisation gets a 400 for asking: its users still get answers, without the thinking.
    summariesRefused.add(apiKey);
    return create(false);
  }
}

/** Codes of a failed response that mean the request itself was refused (prompt, picture, policy). */
const REFUSED =
  /^(invalid_|image_|empty_image|unsupported_image|failed_to_download|bio_|misalignment|data_residency)/;

/** A failure reported inside the stream, mapped as the chat adapter's in-stream errors are. */
function streamFailure(code: string | null | undefined, message: string): ProviderFailure {
  const detail = `response failed: ${code ?? ""} ${message}`;
  if (code === "rate_limit_exceeded") return new ProviderFailure("fair_usage_limit", detail);
  if (code && REFUSED.test(code)) return new ProviderFailure("unable_to_process", detail);
  return new ProviderFailure("provider_unavailable", detail);
}

function searchSources(item: unknown): SearchSource[] {
  const action = (item as { action?: { sources?: Array<{ url?: unknown }> } }).action;
  return (action?.sources ?? []).flatMap((s) => (typeof s.url === "string" ? [{ url: s.url }] : []));
}

export const openAIResponsesAdapter = defineAdapter("text", async function* (req, config) {
  const endpoint = requireEndpoint(config, "openai");
  const client = openAIClient(endpoint);
  const searches = req.model.category === "web";
  if (searches) yield { type: "search", status: "in_progress" };
  const stream = await openStream(client, req, endpoint.apiKey);

  const sources = new SourceList();
  let searchReported = false;
  let done = false;
  let wroteText = false;
  let thought = false;
  let newPart = false;
  const report = function* (grew: boolean, answerStarts: boolean): Generator<ProviderEvent> {
    if (searches && (grew || (answerStarts && !searchReported))) {
      searchReported = true;
      yield { type: "search", status: "completed", sources: sources.list() };
    }
  };

  try {
    for await (const event of stream) {
      switch (event.type) {
        case "response.output_item.done":
          if (event.item.type === "web_search_call")
            yield* report(sources.add(searchSources(event.item)), false);
          break;
        case "response.reasoning_summary_part.added":
          // Each part is a paragraph of its own (a bold heading, then its text): a blank line keeps two apart.
          newPart = thought;
          break;
        case "response.reasoning_summary_text.delta":
          if (!event.delta) break;
          yield { type: "reasoning", delta: newPart ? `\n\n${event.delta}` : event.delta };
          thought = true;
          newPart = false;
          break;
        case "response.output_text.delta":
          yield* report(false, true);
          wroteText = true;
          yield { type: "text", delta: event.delta };
          break;
        case "response.output_text.annotation.added": {
          const a = event.annotation as { type?: string; url?: string; title?: string } | null;
          if (a?.type === "url_citation" && a.url) {
            yield* report(sources.add([a.title ? { url: a.url, title: a.title } : { url: a.url }]), false);
          }
          break;
        }
        case "response.completed":
        case "response.incomplete": {
          done = true;
          yield* report(false, true);
          // Cut by max_output_tokens or a content filter: what was written stands; nothing written is a refusal.
          const reason = event.response.incomplete_details?.reason;
          if (reason === "content_filter" && !wroteText) {
            throw new ProviderFailure("unable_to_process", "content filtered");
          }
          if (reason === "max_output_tokens") yield { type: "truncated" };
          const usage = event.response.usage;
          if (usage)
            yield { type: "usage", inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
          break;
        }
        case "response.failed":
          throw streamFailure(event.response.error?.code, event.response.error?.message ?? "");
      }
    }
  } catch (err) {
    // An `error` event: the SDK throws it with the event's own type ("error") and code, and no status.
    const e = err as { status?: unknown; type?: unknown; code?: string | null; message?: string };
    if (e?.status === undefined && e?.type === "error") throw streamFailure(e.code, e.message ?? "");
    throw err;
  }
  if (!done) throw new ProviderFailure("provider_unavailable", "the stream ended before response.completed");
});
