// A Midjourney button pressed under a grid of the chat: which relay task and button it names, and who answers.
import type { Database } from "../db/client";
import { chatMessage } from "../db/messages";
import { findImageChoice, type GridChoice, pressQuestion } from "../domain/chat/midjourney";
import type { MessageMetadata } from "../domain/chat/wire";
import type { MidjourneyAction } from "../domain/provider-options";
import { badRequest, notFound } from "../errors";

export interface PressedChoice {
  /** The grid's own model: the relay that made the grid is the one that knows its task. */
  model: string;
  /** The question the exchange records. */
  content: string;
  action: MidjourneyAction;
}

/**
 * The choice as the grid's answer saved it. The ids sent upstream come from our own record, never from the
 * request: a message of another chat or user, or an unknown one, is a 404; a message of the chat without
 * that button (a question, a text answer, an upscale, a failed grid) a 400.
 */
export async function pressedChoice(
  db: Database,
  input: { userId: number; chatId: number; messageId: number; choice: GridChoice },
): Promise<PressedChoice> {
  const row = await chatMessage(db, input);
  if (!row) throw notFound("No such message.");
  const { images } = row.metadata as MessageMetadata;
  const found = findImageChoice(images, input.choice);
  if (!found || !row.model) {
    throw badRequest(`This message offers no ${input.choice}.`, [
      { path: "midjourneyAction.choice", message: "not a choice of this message" },
    ]);
  }
  return {
    model: row.model,
    content: pressQuestion(input.choice),
    action: { taskId: found.taskId, customId: found.customId },
  };
}
