// The whole model catalogue (SPEC §3) and lookups by key and by picker category.
import { FRONTIER_MODELS } from "./catalogue-frontier.ts";
import { IMAGE_MODELS } from "./catalogue-image.ts";
import { OPEN_MODELS } from "./catalogue-open.ts";
import { SEARCH_MODELS } from "./catalogue-search.ts";
import { family, LONG, MULTIMODAL, PROMPT_AND_IMAGE } from "./define.ts";
import type { ModelCategory, ModelEntry } from "./types.ts";

// Offline models answered by the built-in test provider, for development and automated tests. They are not
// editable, so they never appear in a user's models configuration unless put there on purpose.
const test = family("test", "Test", { editable: false, inputs: MULTIMODAL });

// biome-ignore format: one model per two lines (options, then description) keeps the list readable
export const TEST_MODELS: readonly ModelEntry[] = [
  test("test", "Test", {},
    "An offline model that answers instantly with predictable text, for development and tests."),
  test("test-reasoning", "Test Reasoning",
    { type: "reasoning", effort: "low", inputs: LONG, short: "Test Think" },
    "An offline model that streams a short reasoning trace before its answer."),
  test("test-web", "Test Web", { category: "web" },
    "An offline model that simulates a web search with fixed sources."),
  test("test-light", "Test Light", { category: "light" },
    "An offline light model that answers instantly."),
  test("test-image", "Test Image", { type: "image", inputs: PROMPT_AND_IMAGE },
    "An offline image model that returns a generated placeholder picture."),
];

export const MODELS: readonly ModelEntry[] = [
  ...FRONTIER_MODELS,
  ...OPEN_MODELS,
  ...SEARCH_MODELS,
  ...IMAGE_MODELS,
  ...TEST_MODELS,
];

// Built on first use rather than at import, so bundles that only need types or constants can drop it.
let byKey: ReadonlyMap<string, ModelEntry> | undefined;

/** The catalogue entry for a key (a chat's or message's model label), or undefined for unknown keys. */
export function modelByKey(key: unknown): ModelEntry | undefined {
  if (typeof key !== "string") return undefined;
  byKey ??= new Map(MODELS.map((model) => [model.key, model]));
  return byKey.get(key);
}

/** Chats whose model is not in the catalogue are dropped on the client (SPEC §3). */
export function isKnownModelKey(key: unknown): key is string {
  return modelByKey(key) !== undefined;
}

/** A picker group in catalogue order; deprecated models only on request (old chats still show them). */
export function modelsByCategory(
  category: ModelCategory,
  options: { includeDeprecated?: boolean } = {},
): ModelEntry[] {
  return MODELS.filter((m) => m.category === category && (options.includeDeprecated || !m.deprecated));
}
