// What a SPEC §8 notice says: its catalogue message (chat.json `notices.*`) and the values it is filled with. One
// rule for the chat's notice (client/chat/message-parts.tsx), the announcer's words and an open chat's first frame
// (src/sharing/chat-shell-notice.ts), which each wrote it.
import { MAX_ATTACHMENTS_PER_MESSAGE } from "../files.ts";
import type { Provider } from "../models/types.ts";
import type { NoticeKey } from "./message-notices.ts";

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

/** A provider as people name it; one we do not know by its own id, none as nothing. */
export const providerName = (provider: string | undefined): string =>
  (provider && Object.hasOwn(PROVIDER_NAMES, provider) && PROVIDER_NAMES[provider as Provider]) ||
  provider ||
  "";

export interface NoticeSentence {
  key: `notices.${NoticeKey}`;
  values: { provider: string; limit: number };
}

/** The notice's message and values: the provider that failed (as people name it), the files a message takes. */
export const noticeSentence = (notice: NoticeKey, provider?: string): NoticeSentence => ({
  key: `notices.${notice}`,
  values: { provider: providerName(provider), limit: MAX_ATTACHMENTS_PER_MESSAGE },
});
