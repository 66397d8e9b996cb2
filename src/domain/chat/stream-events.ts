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
  /** Its size in pixels, when its bytes declared it: its box is kept before it loads (src/domain/image-size.ts). */
  width?: number;
  height?: number;
  /** Midjourney buttons offered on a grid: upscales (U1–U4) and variations (V1–V4). */
  choices?: { label: string; taskId: string; customId: string }[];
}

/**
 * The pictures a reader is shown: those our own API serves. An address from anywhere else (a metadata row
 * written before images were kept in R2, or tampered with) is never loaded, and not counted as shown.
 */
export const shownImages = <Image extends Pick<StreamImage, "url">>(
  images: readonly Image[] | undefined,
): Image[] => (images ?? []).filter((image) => image.url.startsWith("/api/"));

/** A document the answer may draw on, and the pages its passages came from (none for formats without pages). */
export interface DocumentSource {
  attachmentId: string;
  name: string;
  pages: number[];
}

/** Reading the conversation's documents before the model is asked: progress, then what was found. */
export interface DocumentsProgress {
  status: "reading" | "ready";
  /** Passages embedded so far, of `total`, over the documents read for this answer. */
  done: number;
  total: number;
  sources?: DocumentSource[];
}

/** How a generation ended. */
export type StreamOutcome = "done" | "stopped" | "error";

export type StreamEvent =
  | { type: "start"; messageId: number; model: string; generationId: string }
  | { type: "text"; delta: string }
  | { type: "reasoning"; delta: string }
  | { type: "search"; status: "in_progress" | "completed"; sources?: StreamSource[] }
  | ({ type: "documents" } & DocumentsProgress)
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
  documents?: DocumentsProgress;
  images?: StreamImage[];
  usage?: { inputTokens: number; outputTokens: number };
  error?: { code: StreamErrorCode; provider?: string; retryAfter?: number };
}

export interface UserMessageMetadata {
  role: "user";
}

/** An answer as its events build it: text, reasoning kept apart, and how its generation is going. */
export interface AnswerState {
  content: string;
  reasoning: string;
  metadata: ModelMessageMetadata;
}

/**
 * The one reducer of stream events: folds one event into an answer, each delta costing its own length. The
 * client applies it event by event to a live message; the server folds a whole generation with it.
 */
export function applyStreamEvent<A extends AnswerState>(answer: A, event: StreamEvent): A {
  const metadata = answer.metadata;
  switch (event.type) {
    case "start":
      return { ...answer, metadata: { ...metadata, generationId: event.generationId } };
    case "text":
      return { ...answer, content: answer.content + event.delta };
    case "reasoning":
      return { ...answer, reasoning: answer.reasoning + event.delta };
    case "search": {
      const sources = event.sources ?? metadata.search?.sources ?? [];
      return { ...answer, metadata: { ...metadata, search: { status: event.status, sources } } };
    }
    case "documents": {
      const { type: _, ...progress } = event;
      return { ...answer, metadata: { ...metadata, documents: progress } };
    }
    case "image":
      return { ...answer, metadata: { ...metadata, images: [...(metadata.images ?? []), event.image] } };
    case "usage":
      return {
        ...answer,
        metadata: {
          ...metadata,
          usage: { inputTokens: event.inputTokens, outputTokens: event.outputTokens },
        },
      };
    case "error":
      return {
        ...answer,
        metadata: {
          ...metadata,
          error: { code: event.code, provider: event.provider, retryAfter: event.retryAfter },
        },
      };
    case "done":
      return { ...answer, metadata: { ...metadata, done: true, outcome: event.outcome } };
    case "title":
    case "idle":
      return answer;
  }
}

/** A generation's events folded into the message they describe; reasoning moves into the metadata. */
export function foldStreamEvents(events: Iterable<StreamEvent>): {
  content: string;
  metadata: ModelMessageMetadata;
} {
  const empty: AnswerState = { content: "", reasoning: "", metadata: { role: "assistant", done: false } };
  const { content, reasoning, metadata } = [...events].reduce(applyStreamEvent, empty);
  return { content, metadata: reasoning ? { ...metadata, reasoning } : metadata };
}
