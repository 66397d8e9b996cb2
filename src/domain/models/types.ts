// Shapes of the model catalogue (SPEC §3), shared by the Worker and the client.

export const PROVIDERS = [
  "openai",
  "anthropic",
  "mistral",
  "google",
  "xai",
  "groq",
  "fireworks",
  "perplexity",
  "stabilityai",
  "black-forest-labs",
  "recraftai",
  "midjourney",
  "openperplex",
  "test",
] as const;
export type Provider = (typeof PROVIDERS)[number];

/** What a model produces. */
export const MODEL_TYPES = ["text", "image", "reasoning"] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/** What a model accepts as input. */
export const MODEL_INPUTS = ["text", "image", "document", "long", "video", "audio"] as const;
export type ModelInput = (typeof MODEL_INPUTS)[number];

/** The picker's groups; the keys of a user's models configuration (light is stored as light_text). */
export const MODEL_CATEGORIES = ["text", "image", "web", "reasoning", "light"] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

/** Quota categories (SPEC §9): what a request is counted against. */
export const USAGE_CATEGORIES = ["text", "image", "reasoning", "long"] as const;
export type UsageCategory = (typeof USAGE_CATEGORIES)[number];

export type ReasoningEffort = "low" | "medium";
export type ContextWindow = 32000 | 131072;

export interface ModelEntry {
  /** Our stable key, also the model label stored in chats and user configurations (max 70 chars). */
  key: string;
  provider: Provider;
  /** The name the provider's API expects. */
  providerModel: string;
  description: string;
  /** Path under public/, e.g. /models/openai.svg */
  icon: string;
  darkIcon: string;
  longLabel: string;
  label: string;
  shortLabel: string;
  type: ModelType;
  /** Picker group. */
  category: ModelCategory;
  editable: boolean;
  inputs: readonly ModelInput[];
  deprecated: boolean;
  reasoningEffort?: ReasoningEffort;
  contextWindow?: ContextWindow;
}
