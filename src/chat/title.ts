// Names a new chat from its first message with a light model (the offline test model for test chats).

import { setGeneratedTitle } from "../db/chats";
import { openDatabase } from "../db/client";
import { cleanTitle } from "../domain/chat/title";
import { DEFAULT_MODELS, type ModelEntry, modelByKey } from "../domain/models";
import type { Env } from "../env";
import { type ProviderConfig, streamModel } from "../providers";

const TITLE_TIMEOUT_MS = 15_000;

export async function generateTitle(
  env: Env,
  config: ProviderConfig,
  input: { chatId: number; userId: number; model: ModelEntry; text: string },
): Promise<string | null> {
  const light = modelByKey(input.model.provider === "test" ? "test-light" : DEFAULT_MODELS.light);
  let raw = "";
  if (light) {
    const signal = AbortSignal.timeout(TITLE_TIMEOUT_MS);
    const stream = streamModel(
      {
        model: light,
        system:
          "Write a title of at most six words for a conversation that starts with the user's message. Answer with the title only.",
        messages: [{ role: "user", content: input.text.slice(0, 2_000) }],
        signal,
        options: { maxOutputTokens: 30 },
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
