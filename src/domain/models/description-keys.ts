// Where a model's description sits in the `models` catalogues (client/i18n/locales/*/models.json).
import type { ModelEntry } from "./types.ts";

/** A catalogue key cannot hold a dot (it nests), and model keys do ("gpt-6.1-sol"). */
export const descriptionKey = (modelKey: string): string => modelKey.replaceAll(".", "_");

/** The English catalogue of descriptions, as the model catalogue words them (its source of truth). */
export const englishDescriptions = (models: readonly ModelEntry[]): Record<string, string> =>
  Object.fromEntries(models.map((model) => [descriptionKey(model.key), model.description]));
