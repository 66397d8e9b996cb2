// streamModel: picks the adapter for a catalogue model and returns its normalised event stream.
import { providerModelAt } from "../domain/models/retirement";
import { anthropicAdapter } from "./anthropic";
import { bflAdapter } from "./bfl";
import { ProviderFailure } from "./errors";
import { fireworksImagesAdapter } from "./fireworks-images";
import { geminiSearchAdapter } from "./gemini";
import { defineAdapter } from "./guard";
import { midjourneyAdapter } from "./midjourney";
import { isOpenAICompatible, openAIChatAdapter } from "./openai-chat";
import { openAIImagesAdapter } from "./openai-images";
import { openAIResponsesAdapter } from "./openai-responses";
import { recraftAdapter } from "./recraft";
import { stabilityAdapter } from "./stability";
import { testAdapter } from "./test-provider";
import type { Adapter, ProviderConfig, ProviderEvent, ProviderRequest } from "./types";

export { modelAvailabilityFromEnv, providerSetupFromEnv } from "./availability";
export { configuredProviders, PROVIDER_ENV_VARS, providerConfigFromEnv, providerLabel } from "./config";
export { ERROR_CODES, type ErrorCode } from "./errors";
export { TEST_PROMPT_MARKERS } from "./test-provider";
export type * from "./types";

const unsupported = defineAdapter("text", async function* (req) {
  yield* [];
  throw new ProviderFailure(
    "unable_to_process",
    `no adapter for ${req.model.provider} ${req.model.type} models`,
  );
});

export function adapterFor(model: ProviderRequest["model"]): Adapter {
  const image = model.type === "image";
  switch (model.provider) {
    case "test":
      return testAdapter;
    case "anthropic":
      return image ? unsupported : anthropicAdapter;
    case "stabilityai":
      return stabilityAdapter;
    case "black-forest-labs":
      return bflAdapter;
    case "recraftai":
      return recraftAdapter;
    case "midjourney":
      return midjourneyAdapter;
    case "openai":
      if (image) return openAIImagesAdapter;
      // Web search (the web_search tool) and reasoning summaries exist only on OpenAI's Responses API.
      return model.category === "web" || model.reasoningEffort ? openAIResponsesAdapter : openAIChatAdapter;
    case "fireworks":
      // FLUX on Fireworks is a workflow of its own, not the OpenAI images API.
      return image ? fireworksImagesAdapter : openAIChatAdapter;
    case "google":
      if (image) return openAIImagesAdapter;
      return model.category === "web" ? geminiSearchAdapter : openAIChatAdapter;
    default:
      if (isOpenAICompatible(model.provider)) return image ? openAIImagesAdapter : openAIChatAdapter;
      return unsupported;
  }
}

/**
 * Streams a model's answer as normalised events. Never throws: a failure is the last event (an `error`
 * with a SPEC §8 code), and aborting `req.signal` cancels the upstream request and ends the stream quietly.
 * `now` decides which API model answers a retiring entry; tests pass it, callers leave it.
 */
export function streamModel(
  req: ProviderRequest,
  config: ProviderConfig,
  now: Date = new Date(),
): AsyncIterable<ProviderEvent> {
  // The one place the API model id is settled: a retired id is answered by its successor from its shutdown
  // day on (src/domain/models/retirement.ts), so adapters and their per-model rules see the id they call.
  const model = { ...req.model, providerModel: providerModelAt(req.model, now) };
  return adapterFor(model)({ ...req, model }, config);
}
