// What this deployment can answer with, read from its variables: the server side of ModelAvailability.
import {
  type ModelAvailability,
  modelAvailability,
  type Provider,
  type ProviderSetup,
} from "../domain/models";
import { configuredProviders, providerConfigFromEnv, stringVar } from "./config";

// The env object lives as long as the isolate: read it once, not on every request.
const setups = new WeakMap<object, ProviderSetup>();

/**
 * Configured providers, whether the offline test models are on (ENABLE_TEST_MODELS=1) and which configured
 * providers are local stand-ins (DEMO_PROVIDERS). Production sets neither variable: no test model is
 * offered and nothing is tagged demo.
 */
export function providerSetupFromEnv(env: object): ProviderSetup {
  const known = setups.get(env);
  if (known) return known;
  const configured: Provider[] = configuredProviders(providerConfigFromEnv(env));
  const named = (stringVar(env, "DEMO_PROVIDERS") ?? "").split(",").map((name) => name.trim());
  const demo = configured.filter((provider) => named.includes(provider));
  const setup: ProviderSetup = { configured, testModels: stringVar(env, "ENABLE_TEST_MODELS") === "1", demo };
  setups.set(env, setup);
  return setup;
}

export const modelAvailabilityFromEnv = (env: object): ModelAvailability =>
  modelAvailability(providerSetupFromEnv(env));
