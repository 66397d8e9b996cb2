// The normalised request, event stream and configuration shared by every provider adapter.
import type { ModelEntry, Provider } from "../domain/models/types";
import type { MidjourneyAction, ProviderRequestOptions } from "../domain/provider-options";
import type { ErrorCode } from "./errors";

export interface ProviderAttachment {
  name: string;
  /** MIME type, e.g. image/png or application/pdf. */
  type: string;
  data: Uint8Array;
}

export interface ProviderMessage {
  role: "user" | "assistant";
  content: string;
  attachments?: ProviderAttachment[];
}

// Shared with the send path (src/answers), which may not import the adapters' layer.
export type { MidjourneyAction, ProviderRequestOptions };

export interface ProviderRequest {
  model: Pick<ModelEntry, "key" | "provider" | "providerModel" | "type" | "category" | "inputs"> &
    Partial<Pick<ModelEntry, "reasoningEffort">>;
  system?: string;
  messages: ProviderMessage[];
  /** Aborting cancels the upstream HTTP request and ends the stream without an error event. */
  signal: AbortSignal;
  options?: ProviderRequestOptions;
}

export interface SearchSource {
  url: string;
  title?: string;
}

/** A button offered on a Midjourney grid (U1–U4, V1–V4): send it back as options.midjourneyAction. */
export interface ImageChoice {
  label: string;
  taskId: string;
  customId: string;
}

export type ProviderEvent =
  | { type: "text"; delta: string }
  | { type: "reasoning"; delta: string }
  /**
   * Web search progress. `completed` may repeat when sources arrive late (xAI sends them last):
   * the latest list is the complete one.
   */
  | { type: "search"; status: "in_progress" | "completed"; sources?: SearchSource[] }
  | { type: "image"; data: Uint8Array; mimeType: string; choices?: ImageChoice[] }
  | { type: "usage"; inputTokens: number; outputTokens: number }
  /** The provider stopped at the output-token limit: what was written stands, unfinished. */
  | { type: "truncated" }
  /**
   * The stream's last event when something failed. `retryAfter` is in seconds; `detail` is for logs only,
   * never for users.
   */
  | { type: "error"; code: ErrorCode; provider?: Provider; retryAfter?: number; detail?: string };

export interface ProviderEndpoint {
  baseUrl: string;
  apiKey?: string;
}

export type NetworkProvider = Exclude<Provider, "test">;

export interface ProviderConfig {
  endpoints: Record<NetworkProvider, ProviderEndpoint>;
  /** Pause between chunks of the built-in test model. */
  testDelayMs: number;
  /** How long an image job may take, all polling included, before image_timeout. */
  imageTimeoutMs: number;
  /** Pause between two polls of an asynchronous image job (BFL, Midjourney). */
  imagePollIntervalMs: number;
}

export type Adapter = (req: ProviderRequest, config: ProviderConfig) => AsyncIterable<ProviderEvent>;
