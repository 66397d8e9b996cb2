// Default and free models (SPEC §3): what a new user starts with, and what stays available at no quota cost.
import type { ModelCategory, UsageCategory } from "./types.ts";

/** The model preselected in each picker group; each is a non-deprecated model of that category. */
export const DEFAULT_MODELS: Readonly<Record<ModelCategory, string>> = {
  text: "gpt-5",
  image: "stable-diffusion-3.5-large-turbo",
  web: "gpt-5-mini-web",
  reasoning: "gpt-5-mini",
  light: "gpt-5-nano",
};

export const DEFAULT_IMAGE_MODEL = DEFAULT_MODELS.image;

/** Free model per quota category: gpt-5-mini for reasoning and long documents, flux-schnell for images. */
export const FREE_MODELS: Readonly<Partial<Record<UsageCategory, string>>> = {
  reasoning: "gpt-5-mini",
  long: "gpt-5-mini",
  image: "flux-schnell",
};

export const FREE_MODEL_KEYS: readonly string[] = ["gpt-5-mini", "flux-schnell"];

export function isFreeModel(key: string): boolean {
  return FREE_MODEL_KEYS.includes(key);
}
