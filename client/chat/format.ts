// Small display helpers of the chat screen: message times and provider names.
import type { Provider } from "../../src/domain/models";

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Making a formatter costs far more than using one (~1 ms each on a phone): one per language and kind. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, today: boolean): Intl.DateTimeFormat {
  const key = `${today ? "t" : "d"}${locale}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      today ? { hour: "2-digit", minute: "2-digit" } : { dateStyle: "medium", timeStyle: "short" },
    );
    formatters.set(key, format);
  }
  return format;
}

/** The time for today's messages, the date and time for older ones, in the reader's language. */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(locale, sameDay(date, now)).format(date);
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
