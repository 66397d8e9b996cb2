// Small display helpers of the chat screen: message times and provider names.
import type { Provider } from "../../src/domain/models";

/** Message times, written without Intl (src/domain/message-time.ts says why). */
export { messageTime } from "../../src/domain/message-time";

const PROVIDER_NAMES: Readonly<Record<Provider, string>> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  mistral: "Mistral AI",
  google: "Google",
  xai: "xAI",
  groq: "Groq",
  fireworks: "Fireworks AI",
  perplexity: "Perplexity",
  stabilityai: "Stability AI",
  "black-forest-labs": "Black Forest Labs",
  recraftai: "Recraft",
  midjourney: "Midjourney",
  openperplex: "Openperplex",
  test: "Test",
};

export const providerName = (provider: string | undefined): string =>
  (provider && PROVIDER_NAMES[provider as Provider]) || provider || "";
