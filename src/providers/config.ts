// Provider base URLs and keys from the Worker env, with the public endpoints as defaults.
import type { Provider } from "../domain/models/types";
import type { NetworkProvider, ProviderConfig, ProviderEndpoint } from "./types";

interface ProviderVars {
  prefix: string;
  label: string;
  /** Empty when the provider has no public endpoint of its own (the Midjourney relay). */
  defaultBaseUrl: string;
}

const PROVIDER_VARS: Record<NetworkProvider, ProviderVars> = {
  openai: { prefix: "OPENAI", label: "OpenAI", defaultBaseUrl: "https://api.openai.com/v1" },
  anthropic: { prefix: "ANTHROPIC", label: "Anthropic", defaultBaseUrl: "https://api.anthropic.com" },
  mistral: { prefix: "MISTRAL", label: "Mistral", defaultBaseUrl: "https://api.mistral.ai/v1" },
  google: {
    prefix: "GOOGLE",
    label: "Google Gemini (OpenAI-compatible endpoint)",
    defaultBaseUrl: "https://generativelanguage.googleapis.com/v1beta/openai",
  },
  xai: { prefix: "XAI", label: "xAI", defaultBaseUrl: "https://api.x.ai/v1" },
  groq: { prefix: "GROQ", label: "Groq", defaultBaseUrl: "https://api.groq.com/openai/v1" },
  fireworks: {
    prefix: "FIREWORKS",
    label: "Fireworks",
    defaultBaseUrl: "https://api.fireworks.ai/inference/v1",
  },
  perplexity: { prefix: "PERPLEXITY", label: "Perplexity", defaultBaseUrl: "https://api.perplexity.ai" },
  stabilityai: { prefix: "STABILITY", label: "Stability AI", defaultBaseUrl: "https://api.stability.ai" },
  "black-forest-labs": { prefix: "BFL", label: "Black Forest Labs", defaultBaseUrl: "https://api.bfl.ai" },
  recraftai: { prefix: "RECRAFT", label: "Recraft", defaultBaseUrl: "https://external.api.recraft.ai/v1" },
  midjourney: { prefix: "MIDJOURNEY", label: "Midjourney relay (midjourney-proxy API)", defaultBaseUrl: "" },
  openperplex: {
    prefix: "OPENPERPLEX",
    label: "OpenPerplex (OpenAI-compatible)",
    defaultBaseUrl: "https://api.openperplex.com/v1",
  },
};

/** Every provider reached over the network, in catalogue order. */
export const NETWORK_PROVIDERS = Object.keys(PROVIDER_VARS) as NetworkProvider[];

/** The variable prefix of a provider (OPENAI for OPENAI_API_KEY / OPENAI_BASE_URL). */
export const providerEnvPrefix = (provider: NetworkProvider): string => PROVIDER_VARS[provider].prefix;

export const DEFAULT_TEST_DELAY_MS = 8;
export const DEFAULT_IMAGE_TIMEOUT_MS = 180_000;
export const DEFAULT_IMAGE_POLL_INTERVAL_MS = 1_000;

export interface EnvVarDoc {
  name: string;
  description: string;
  default?: string;
}

/** Every variable providerConfigFromEnv reads, for the README. */
export const PROVIDER_ENV_VARS: readonly EnvVarDoc[] = [
  ...Object.values(PROVIDER_VARS).flatMap(({ prefix, label, defaultBaseUrl }): EnvVarDoc[] => [
    { name: `${prefix}_API_KEY`, description: `${label} API key (a Worker secret).` },
    {
      name: `${prefix}_BASE_URL`,
      description: defaultBaseUrl
        ? `${label} API base URL.`
        : `${label} base URL; required to use Midjourney models (no public default).`,
      ...(defaultBaseUrl ? { default: defaultBaseUrl } : {}),
    },
  ]),
  {
    name: "ENABLE_TEST_MODELS",
    description:
      "`1` offers the offline test models (test, test-image, test-light…); unset in production, where they are hidden and refused.",
  },
  {
    name: "DEMO_PROVIDERS",
    description:
      "Comma-separated providers answered by local stand-ins (set by `npm run dev`, never in production): their answers are tagged demo.",
  },
  {
    name: "TEST_MODEL_DELAY_MS",
    description: "Pause between the chunks the built-in test model streams.",
    default: String(DEFAULT_TEST_DELAY_MS),
  },
  {
    name: "IMAGE_TIMEOUT_MS",
    description: "How long an image generation may take before it ends with 'Image taking too long'.",
    default: String(DEFAULT_IMAGE_TIMEOUT_MS),
  },
  {
    name: "IMAGE_POLL_INTERVAL_MS",
    description: "Pause between polls of asynchronous image jobs (Black Forest Labs, Midjourney).",
    default: String(DEFAULT_IMAGE_POLL_INTERVAL_MS),
  },
];

/** The provider's name for messages such as "probably an issue with {provider}". */
export function providerLabel(provider: Provider): string {
  return provider === "test" ? "Test" : PROVIDER_VARS[provider].label.replace(/ \(.*\)$/, "");
}

export function stringVar(env: object, name: string): string | undefined {
  const value = (env as Record<string, unknown>)[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function numberVar(env: object, name: string, fallback: number): number {
  const value = Number(stringVar(env, name));
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Providers that can answer: a key and a base URL (Midjourney has no public default URL). */
export function configuredProviders(config: Pick<ProviderConfig, "endpoints">): NetworkProvider[] {
  return NETWORK_PROVIDERS.filter((provider) => {
    const endpoint = config.endpoints[provider];
    return Boolean(endpoint?.apiKey && endpoint.baseUrl);
  });
}

/** Reads the provider settings from the Worker env (or any object of strings); unknown keys are ignored. */
export function providerConfigFromEnv(env: object): ProviderConfig {
  const endpoints = {} as Record<NetworkProvider, ProviderEndpoint>;
  for (const [provider, { prefix, defaultBaseUrl }] of Object.entries(PROVIDER_VARS)) {
    const apiKey = stringVar(env, `${prefix}_API_KEY`);
    const baseUrl = (stringVar(env, `${prefix}_BASE_URL`) ?? defaultBaseUrl).replace(/\/+$/, "");
    endpoints[provider as NetworkProvider] = apiKey ? { baseUrl, apiKey } : { baseUrl };
  }
  return {
    endpoints,
    testDelayMs: numberVar(env, "TEST_MODEL_DELAY_MS", DEFAULT_TEST_DELAY_MS),
    imageTimeoutMs: numberVar(env, "IMAGE_TIMEOUT_MS", DEFAULT_IMAGE_TIMEOUT_MS),
    imagePollIntervalMs: numberVar(env, "IMAGE_POLL_INTERVAL_MS", DEFAULT_IMAGE_POLL_INTERVAL_MS),
  };
}
