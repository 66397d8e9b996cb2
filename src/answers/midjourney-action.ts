// A Midjourney button pressed under a grid of the chat: which relay task and button it names, who answers,
// and how its answer is asked again.
import type { Database } from "../db/client";
import { chatMessage, type MessageRow } from "../db/messages";
import { recordPress } from "../db/pressed-question";
import {
  findImageChoice,
  type GridChoice,
  type PressRecord,
  pressQuestion,
  recordedPress,
} from "../domain/chat/midjourney";
import type { MessageMetadata } from "../domain/chat/wire";
import { isMidjourney, type ModelEntry } from "../domain/models";
import type { MidjourneyAction } from "../domain/provider-options";
import { badRequest, notFound } from "../errors";
import type { StartedAnswer } from "./start-answer";

export interface PressedChoice {
  /** The grid's own model: the relay that made the grid is the one that knows its task. */
  model: string;
  /** The question the exchange records. */
  content: string;
  action: MidjourneyAction;
  /** What the question keeps of the press once recorded (`keepPress`). */
  pressed: PressRecord;
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
  const action = { taskId: found.taskId, customId: found.customId };
  return {
    model: row.model,
    content: pressQuestion(input.choice),
    action,
    pressed: { choice: input.choice, ...action },
  };
}

/**
 * The press's question records it, so that regenerating its answer presses the same button again. The answer
 * already runs: a failed write costs only that, and is logged rather than failing the press.
 */
export async function keepPress(
  db: Database,
  input: { userId: number; chatId: number; started: StartedAnswer; pressed: PressRecord },
): Promise<StartedAnswer> {
  const { started, pressed } = input;
  const question = started.userMessage;
  if (!question) return started;
  const kept = await recordPress(db, { ...input, messageId: question.id }).catch((err: unknown) => {
    console.error("recording a Midjourney press on its question failed", err);
    return false;
  });
  if (!kept) return started;
  return { ...started, userMessage: { ...question, metadata: { ...question.metadata, pressed } } };
}

/**
 * What regenerating an answer asks the relay when its question was a press and a Midjourney model answers:
 * the same button again (the question's words, "Upscale U2", are no prompt). Otherwise nothing: the model
 * answers the question's words, as for any answer.
 */
export function pressAgain(
  question: Pick<MessageRow, "metadata"> | undefined,
  model: ModelEntry,
): MidjourneyAction | undefined {
  if (question?.metadata.role !== "user" || !isMidjourney(model)) return undefined;
  const pressed = recordedPress(question.metadata);
  return pressed && { taskId: pressed.taskId, customId: pressed.customId };
}
