// Which catalogue models a deployment offers, and which answer from local stand-ins: the rule and its wire shape.
import { MODELS, modelByKey } from "./catalogue.ts";
import type { ModelEntry, Provider } from "./types.ts";

/**
 * What the server tells the client (inside the session user): the models it may offer, and the providers
 * whose answers come from a local protocol server rather than the real API (development only).
 */
export interface ModelAvailability {
  /** Catalogue keys the API accepts, deprecated ones included (old chats still answer with them). */
  available: string[];
  /** Providers answered by a local stand-in: the client marks their answers "demo". Empty in production. */
  demoProviders: Provider[];
}

/** How a deployment is set up, as read from its variables (src/providers/availability.ts). */
export interface ProviderSetup {
  /** Network providers that have what they need to answer: a key (Midjourney: also a base URL). */
  configured: readonly Provider[];
  /** The offline test models are offered (ENABLE_TEST_MODELS=1: development and tests only). */
  testModels: boolean;
  /** Configured providers that are local stand-ins (DEMO_PROVIDERS, set by `npm run dev`). */
  demo: readonly Provider[];
}

/** A model is offered when its provider is configured; the test models only when enabled. */
export function isModelOffered(model: Pick<ModelEntry, "provider">, setup: ProviderSetup): boolean {
  return model.provider === "test" ? setup.testModels : setup.configured.includes(model.provider);
}

export function modelAvailability(
  setup: ProviderSetup,
  models: readonly ModelEntry[] = MODELS,
): ModelAvailability {
  return {
    available: models.filter((model) => isModelOffered(model, setup)).map((model) => model.key),
    demoProviders: setup.demo.filter((provider) => setup.configured.includes(provider)),
  };
}

export type OfferedModel =
  | { ok: true; model: ModelEntry }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "unavailable"; model: ModelEntry };

/**
 * The catalogue entry a request may use, or why not: an unknown key, or a model this deployment does not
 * offer (its provider has no key, or a test model outside development). The API refuses both; the picker
 * never shows the second kind, so only a stale page or a hand-made request meets it.
 */
export function offeredModel(key: unknown, setup: ProviderSetup): OfferedModel {
  const model = modelByKey(key);
  if (!model) return { ok: false, reason: "unknown" };
  return isModelOffered(model, setup) ? { ok: true, model } : { ok: false, reason: "unavailable", model };
}

/** Whether a message of this model came (or would come) from a local stand-in. */
export function isDemoModel(
  key: string | null | undefined,
  availability: ModelAvailability | undefined,
): boolean {
  const provider = modelByKey(key)?.provider;
  return provider !== undefined && (availability?.demoProviders.includes(provider) ?? false);
}
