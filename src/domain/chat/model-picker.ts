// The composer's model picker: groups by category in the user's saved order, only what the plan allows and
// the deployment offers, deprecated models marked (an old chat may still use one), and the model a chat
// starts with.
import {
  CONFIGURATION_KEY_OF,
  isFreeModel,
  type ModelCategory,
  type ModelEntry,
  type ModelsConfiguration,
  modelByKey,
  usageCategoryOf,
} from "../models/index.ts";
import type { Plan } from "../plans.ts";
import { quotaLimit, type UsageCounts } from "../usage.ts";

/** The order of the picker groups. */
export const PICKER_CATEGORIES: readonly ModelCategory[] = ["text", "reasoning", "web", "image", "light"];

export interface PickerGroup {
  category: ModelCategory;
  models: ModelEntry[];
}

/** A model is on offer when its quota category has a limit on the plan, or when it costs no quota. */
export const planAllows = (plan: Plan, model: ModelEntry): boolean =>
  isFreeModel(model.key) || quotaLimit(plan, usageCategoryOf(model)) > 0;

/**
 * The groups to show. `configuration` is the user's (or the assistant's override), already cleaned;
 * `available` is what the deployment offers (ModelAvailability.available; every model when omitted). The
 * chat's current model joins its group when the list lacks it (retired, or an offline test model), as long
 * as the deployment still offers it.
 */
export function pickerGroups(
  configuration: ModelsConfiguration,
  plan: Plan,
  currentModel?: string | null,
  available?: readonly string[],
): PickerGroup[] {
  const offered = available ? new Set(available) : null;
  const isOffered = (model: ModelEntry) => offered === null || offered.has(model.key);
  const current = currentModel ? modelByKey(currentModel) : undefined;
  return PICKER_CATEGORIES.map((category) => {
    const models = configuration[CONFIGURATION_KEY_OF[category]]
      .map((key) => modelByKey(key))
      .filter((model): model is ModelEntry => model !== undefined && model.category === category)
      .filter((model) => planAllows(plan, model) && isOffered(model));
    if (
      current &&
      current.category === category &&
      isOffered(current) &&
      !models.some((m) => m.key === current.key)
    ) {
      models.unshift(current);
    }
    return { category, models };
  }).filter((group) => group.models.length > 0);
}

/**
 * A new chat starts with the first text model of the user's order that is on offer (else the first model
 * on offer): with GPT-5 first and no OpenAI key, the next text model in the user's order.
 */
export function initialModel(groups: readonly PickerGroup[]): string | null {
  const text = groups.find((g) => g.category === "text");
  return text?.models[0]?.key ?? groups[0]?.models[0]?.key ?? null;
}

/** An open chat answers with its own model while that is on offer, else with the one a new chat starts with. */
export function modelOnOffer(groups: readonly PickerGroup[], preferred: string | null): string | null {
  const offered = preferred !== null && groups.some((g) => g.models.some((m) => m.key === preferred));
  return offered ? preferred : initialModel(groups);
}

/** SPEC §4: each completed message adds one to its category count, until the server's counts arrive. */
export function countCompletion(counts: UsageCounts, modelKey: string | null): UsageCounts {
  const model = modelKey ? modelByKey(modelKey) : undefined;
  if (!model) return counts;
  const category = usageCategoryOf(model);
  return { ...counts, [category]: counts[category] + 1 };
}
