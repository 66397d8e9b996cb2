// Small display helpers of the chat screen: message times and provider names.
import type { Provider } from "../../src/domain/models";

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The time for today's messages, the date and time for older ones, in the reader's language. */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const options: Intl.DateTimeFormatOptions = sameDay(date, now)
    ? { hour: "2-digit", minute: "2-digit" }
    : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(locale, options).format(date);
}

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
