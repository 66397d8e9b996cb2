// What a request may ask of a provider beyond its model and messages: set by the send path (src/answers),
// read by the adapters (src/providers).
import type { ReasoningEffort } from "./models/types.ts";

/** A Midjourney button press (e.g. U2) on a finished grid, instead of a new prompt. */
export interface MidjourneyAction {
  taskId: string;
  customId: string;
}

export interface ProviderRequestOptions {
  /** Overrides the catalogue's effort, for models whose entry has one. */
  reasoningEffort?: ReasoningEffort;
  /** Upscale (or other button) on an earlier Midjourney grid. */
  midjourneyAction?: MidjourneyAction;
  /** Cap on the answer's length in tokens; providers' defaults otherwise (Anthropic needs one: 8192). */
  maxOutputTokens?: number;
  /** False when only the text is read (a chat's title): a reasoning model is not asked to summarise its thinking. */
  reasoningSummary?: boolean;
}
