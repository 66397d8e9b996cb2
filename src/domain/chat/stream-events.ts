// The events of a live answer, as the ChatStream Durable Object sends them over SSE and the client reads them.
import type { StreamErrorCode } from "../error-codes.ts";

export interface StreamSource {
  url: string;
  title?: string;
}

export interface StreamImage {
  /** Where the client fetches it (our API; the bytes live in R2). */
  url: string;
  mimeType: string;
  /** Midjourney upscale buttons (U1–U4) offered on a grid. */
  choices?: { label: string; taskId: string; customId: string }[];
}

/** How a generation ended. */
export type StreamOutcome = "done" | "stopped" | "error";

export type StreamEvent =
  | { type: "start"; messageId: number; model: string; generationId: string }
  | { type: "text"; delta: string }
  | { type: "reasoning"; delta: string }
  | { type: "search"; status: "in_progress" | "completed"; sources?: StreamSource[] }
  | { type: "image"; image: StreamImage }
  | { type: "usage"; inputTokens: number; outputTokens: number }
  | { type: "error"; code: StreamErrorCode; provider?: string; retryAfter?: number }
  /** The chat's generated title, when this generation opened the chat. */
  | { type: "title"; title: string }
  /**
   * The answer is over. `titlePending`: the chat's title is still being written; the stream stays open for
   * its `title` event (or closes without one when naming fails).
   */
  | { type: "done"; outcome: StreamOutcome; messageId: number; titlePending?: boolean }
  /** Nothing is being generated in this chat (and nothing is left to replay). */
  | { type: "idle" };

export type StreamEventType = StreamEvent["type"];

/** Appended to an answer cut short by the user (SPEC §4). */
export const STOPPED_MARKER = "(stopped)";

/** What a model message's metadata holds once its generation has ended. */
export interface ModelMessageMetadata {
  role: "assistant";
  done: boolean;
  generationId?: string;
  outcome?: StreamOutcome;
  reasoning?: string;
  search?: { status: "in_progress" | "completed"; sources: StreamSource[] };
  images?: StreamImage[];
  usage?: { inputTokens: number; outputTokens: number };
  error?: { code: StreamErrorCode; provider?: string; retryAfter?: number };
}

export interface UserMessageMetadata {
  role: "user";
}

/** Folds a generation's events into the message they describe: the one place both sides agree on. */
export function foldStreamEvents(events: Iterable<StreamEvent>): {
  content: string;
  metadata: ModelMessageMetadata;
} {
  let content = "";
  let reasoning = "";
  const metadata: ModelMessageMetadata = { role: "assistant", done: false };
  for (const event of events) {
    switch (event.type) {
      case "start":
        metadata.generationId = event.generationId;
        break;
      case "text":
        content += event.delta;
        break;
      case "reasoning":
        reasoning += event.delta;
        break;
      case "search": {
        const sources = event.sources ?? metadata.search?.sources ?? [];
        metadata.search = { status: event.status, sources };
        break;
      }
      case "image":
        metadata.images = [...(metadata.images ?? []), event.image];
        break;
      case "usage":
        metadata.usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
        break;
      case "error":
        metadata.error = { code: event.code, provider: event.provider, retryAfter: event.retryAfter };
        break;
      case "title":
        break;
      case "done":
        metadata.done = true;
        metadata.outcome = event.outcome;
        break;
      case "idle":
        break;
    }
  }
  if (reasoning) metadata.reasoning = reasoning;
  return { content, metadata };
}
