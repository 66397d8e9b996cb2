// Writes a finished generation to Postgres; safe to call again (it only ever fills a message once).

import { openDatabase } from "../db/client";
import { finishModelMessage } from "../db/messages";
import { foldStreamEvents, type StreamEvent, type StreamOutcome } from "../domain/chat/stream-events";
import type { Env } from "../env";
import type { GenerationRow } from "./event-log";

export async function saveGeneration(
  env: Env,
  g: GenerationRow,
  outcome: StreamOutcome,
  events: StreamEvent[],
): Promise<void> {
  const { content, metadata } = foldStreamEvents(events);
  const { db, close } = openDatabase(env);
  try {
    await finishModelMessage(db, {
      userId: g.userId,
      chatId: g.chatId,
      messageId: g.messageId,
      content,
      metadata: { ...metadata, done: true, outcome, generationId: g.id },
    });
  } finally {
    await close();
  }
}
