// Models configuration of a user or assistant: ordered model keys per picker group, cleaned by the catalogue.
import { MODELS, modelByKey } from "./catalogue.ts";
import { DEFAULT_MODELS } from "./defaults.ts";
import type { ModelCategory } from "./types.ts";

/** Stored shape (SPEC §3): the light group is stored under light_text. */
export interface ModelsConfiguration {
  text: string[];
  image: string[];
  web: string[];
  reasoning: string[];
  light_text: string[];
}

export type ModelsConfigurationKey = keyof ModelsConfiguration;

export const CONFIGURATION_KEY_OF: Readonly<Record<ModelCategory, ModelsConfigurationKey>> = {
  text: "text",
  image: "image",
  web: "web",
  reasoning: "reasoning",
  light: "light_text",
};

const CATEGORIES = Object.keys(CONFIGURATION_KEY_OF) as ModelCategory[];

/** Every model a user can pick in a group: the group's default first, then the catalogue order. */
function defaultList(category: ModelCategory): string[] {
  const keys = MODELS.filter((m) => m.category === category && m.editable && !m.deprecated).map((m) => m.key);
  const first = DEFAULT_MODELS[category];
  return [first, ...keys.filter((key) => key !== first)];
}

export function defaultModelsConfiguration(): ModelsConfiguration {
  return cleanModelsConfiguration(null);
}

/**
 * Cleans a stored configuration of any shape without throwing. Per group it keeps the user's order of known,
 * non-deprecated keys of that group, once each, and drops everything else (unknown labels, retired models,
 * models of another group, non-strings). It then appends, in default order, every pickable model the list
 * lacks: SPEC lets users reorder models, not hide them, so a model added to the catalogue after the user
 * saved their order still reaches them. Non-editable models (the offline test models) are kept when listed
 * on purpose but never appended.
 */
export function cleanModelsConfiguration(input: unknown): ModelsConfiguration {
  const source = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const result = {} as ModelsConfiguration;
  for (const category of CATEGORIES) {
    const storedKey = CONFIGURATION_KEY_OF[category];
    const stored = source[storedKey];
    const kept: string[] = [];
    for (const key of Array.isArray(stored) ? stored : []) {
      const model = modelByKey(key);
      if (model && model.category === category && !model.deprecated && !kept.includes(model.key)) {
        kept.push(model.key);
      }
    }
    result[storedKey] = [...kept, ...defaultList(category).filter((key) => !kept.includes(key))];
  }
  return result;
}
