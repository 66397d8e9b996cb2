// Names a new chat from its first message with a light model (the offline test model for test chats).

import { setGeneratedTitle } from "../db/chats";
import { openDatabase } from "../db/client";
import { cleanTitle, TITLE_INSTRUCTIONS } from "../domain/chat/title";
import {
  DEFAULT_MODELS,
  isModelOffered,
  type ModelEntry,
  modelByKey,
  modelsByCategory,
} from "../domain/models";
import type { Env } from "../env";
import { type ProviderConfig, providerSetupFromEnv, streamModel } from "../providers";

const TITLE_TIMEOUT_MS = 15_000;
/** A title's own tokens: a few words. */
const TITLE_TOKENS = 30;
/**
 * What a reasoning light model (gpt-5-nano) may spend: its hidden reasoning counts in the output limit before the
 * title does, so 30 tokens left it nothing to write (the title fell back to the question's words). The title is
 * still cut after 400 characters.
 */
const REASONING_TITLE_TOKENS = 1_024;

/** The default light model when this deployment offers it, else another light model it offers. */
function titleModel(env: Env, model: ModelEntry): ModelEntry | undefined {
  if (model.provider === "test") return modelByKey("test-light");
  const setup = providerSetupFromEnv(env);
  const preferred = modelByKey(DEFAULT_MODELS.light);
  if (preferred && isModelOffered(preferred, setup)) return preferred;
  return modelsByCategory("light").find((m) => m.provider !== "test" && isModelOffered(m, setup));
}

export async function generateTitle(
  env: Env,
  config: ProviderConfig,
  input: { chatId: number; userId: number; model: ModelEntry; text: string },
): Promise<string | null> {
  const light = titleModel(env, input.model);
  let raw = "";
  if (light) {
    const signal = AbortSignal.timeout(TITLE_TIMEOUT_MS);
    const stream = streamModel(
      {
        model: light,
        system: TITLE_INSTRUCTIONS,
        messages: [{ role: "user", content: input.text.slice(0, 2_000) }],
        signal,
        options: {
          maxOutputTokens: light.reasoningEffort ? REASONING_TITLE_TOKENS : TITLE_TOKENS,
          // Only the title is read: a summary of the model's thinking would be written for nobody.
          reasoningSummary: false,
        },
      },
      config,
    );
    for await (const event of stream) {
      if (event.type === "text") raw += event.delta;
      if (event.type === "error" || raw.length > 400) break;
    }
  }
  const title = cleanTitle(raw, input.text);
  if (!title) return null;
  const { db, close } = openDatabase(env);
  try {
    // Only a chat still untitled takes it: a rename by the user in the meantime wins.
    return (await setGeneratedTitle(db, { userId: input.userId, chatId: input.chatId, title }))
      ? title
      : null;
  } finally {
    await close();
  }
}
