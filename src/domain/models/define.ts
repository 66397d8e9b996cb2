// A compact way to write catalogue entries: per-provider defaults, then only what differs per model.
import type {
  ContextWindow,
  ModelCategory,
  ModelEntry,
  ModelInput,
  ModelType,
  Provider,
  ReasoningEffort,
} from "./types.ts";

// Input sets shared by many entries. "long": the model takes whole long documents (131072-token window).
export const TEXT: readonly ModelInput[] = ["text"];
export const DOCS: readonly ModelInput[] = ["text", "document"];
export const VISION: readonly ModelInput[] = ["text", "image", "document"];
export const LONG: readonly ModelInput[] = ["text", "image", "document", "long"];
export const LONG_TEXT: readonly ModelInput[] = ["text", "document", "long"];
export const MULTIMODAL: readonly ModelInput[] = ["text", "image", "document", "long", "audio", "video"];
/** Image generators that also take a reference or source image. */
export const PROMPT_AND_IMAGE: readonly ModelInput[] = ["text", "image"];
/** Image tools that work on a picture alone, without a prompt (vectorize, remove background, upscale). */
export const IMAGE_ONLY: readonly ModelInput[] = ["image"];

/** Providers whose mark is dark and needs a light variant on dark backgrounds. */
const DARK_MARKS: ReadonlySet<Provider> = new Set<Provider>([
  "openai",
  "xai",
  "stabilityai",
  "black-forest-labs",
  "recraftai",
  "midjourney",
  "test",
]);

export interface EntryOptions {
  /** API model id when it differs from the key. */
  model?: string;
  long?: string;
  short?: string;
  type?: ModelType;
  /** Picker group; defaults to the type (text, image or reasoning). */
  category?: ModelCategory;
  inputs?: readonly ModelInput[];
  effort?: ReasoningEffort;
  deprecated?: boolean;
  editable?: boolean;
}

/**
 * Returns a writer of entries for one provider. `vendor` names who serves the model, for the long label.
 * The context window follows the inputs: models that take long documents get 131072 tokens, other text
 * models 32000, image models none.
 */
export function family(provider: Provider, vendor: string, defaults: EntryOptions = {}) {
  return (key: string, label: string, options: EntryOptions, description: string): ModelEntry => {
    const o = { ...defaults, ...options };
    const type = o.type ?? "text";
    const inputs = o.inputs ?? TEXT;
    const contextWindow: ContextWindow | undefined =
      type === "image" ? undefined : inputs.includes("long") ? 131072 : 32000;
    return {
      key,
      provider,
      providerModel: o.model ?? key,
      description,
      icon: `/models/${provider}.svg`,
      darkIcon: DARK_MARKS.has(provider) ? `/models/${provider}-dark.svg` : `/models/${provider}.svg`,
      longLabel: o.long ?? `${label} (${vendor})`,
      label,
      shortLabel: o.short ?? label,
      type,
      category: o.category ?? type,
      editable: o.editable ?? true,
      inputs,
      deprecated: o.deprecated ?? false,
      ...(o.effort ? { reasoningEffort: o.effort } : {}),
      ...(contextWindow ? { contextWindow } : {}),
    };
  };
}
