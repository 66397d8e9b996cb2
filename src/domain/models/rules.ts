// Rules over catalogue entries: a request's quota category, which files a model takes, special image models.
import { MODELS } from "./catalogue.ts";
import { type FileDescriptor, fileKind } from "./media.ts";
import type { ModelEntry, UsageCategory } from "./types.ts";

type Model = Pick<ModelEntry, "type" | "category" | "inputs" | "provider">;

export interface RequestShape {
  /** The conversation or its assistant carries document attachments. */
  hasDocuments?: boolean;
  /** The request was routed as a long-context request (e.g. a large pasted text). */
  longContext?: boolean;
}

/** An image model: one of the image kind, or offered in the picker's image group. */
const drawsPictures = (model: Pick<ModelEntry, "type" | "category">): boolean =>
  model.type === "image" || model.category === "image";

/**
 * The quota category a request counts against (SPEC §9), decided by the model's picker category first:
 * image models count as image and reasoning models as reasoning whatever they carry, because those quotas
 * are the scarcer ones; any other request carrying documents or long context counts as long; everything
 * else, including web-search and light models, counts as text.
 */
export function usageCategoryOf(model: Model, request: RequestShape = {}): UsageCategory {
  if (drawsPictures(model)) return "image";
  if (model.category === "reasoning") return "reasoning";
  if (request.hasDocuments || request.longContext) return "long";
  return "text";
}

/**
 * Whether an answer of this model is given the conversation's documents (their passages, in its system prompt)
 * and so names them as its sources. An image model draws from the prompt alone: reading documents for it
 * would cost embeddings for nothing and credit its picture to files it never saw.
 */
export function readsDocuments(model: Pick<ModelEntry, "type" | "category">): boolean {
  return !drawsPictures(model);
}

/** Images need an "image" input, audio "audio", video "video", and documents (code included) "document". */
export function acceptsFile(model: Pick<ModelEntry, "inputs">, file: FileDescriptor): boolean {
  const kind = fileKind(file);
  return kind !== null && model.inputs.includes(kind);
}

/** Models a user can pick that accept this file, in catalogue order. */
export function modelsAcceptingFile(
  file: FileDescriptor,
  models: readonly ModelEntry[] = MODELS,
): ModelEntry[] {
  const kind = fileKind(file);
  if (kind === null) return [];
  return models.filter((model) => !model.deprecated && model.inputs.includes(kind));
}

/** Image tools that work on an attached picture without a prompt (vectorize, remove background, upscale). */
export function isImageOnlyInput(model: Pick<ModelEntry, "inputs">): boolean {
  return model.inputs.includes("image") && !model.inputs.includes("text");
}

/** Image generators that take a prompt plus an optional source or reference image. */
export function isTextAndImageModel(model: Pick<ModelEntry, "type" | "inputs">): boolean {
  return model.type === "image" && model.inputs.includes("text") && model.inputs.includes("image");
}

/** Midjourney answers slowly with a four-image grid, so the chat treats it apart from other image models. */
export function isMidjourney(model: Pick<ModelEntry, "provider">): boolean {
  return model.provider === "midjourney";
}
