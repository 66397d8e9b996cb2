// Midjourney's upscale buttons (U1–U4) under a grid: what pressing one sends, records and acts on.
import type { StreamImage } from "./stream-events.ts";

/** The upscales a grid offers: one per picture, numbered as Midjourney numbers them. */
export const UPSCALE_CHOICES = ["U1", "U2", "U3", "U4"] as const;
export type UpscaleChoice = (typeof UPSCALE_CHOICES)[number];

/** POST /api/chat/send's `midjourneyAction`: which grid (an answer of the same chat) and which button. */
export interface MidjourneyActionWire {
  messageId: number;
  choice: UpscaleChoice;
}

export type ImageChoice = NonNullable<StreamImage["choices"]>[number];

/**
 * The question an upscale records, in Midjourney's own words: the exchange reads like a send in the chat,
 * its history and its export, where a question with no words and no picture would show nothing at all.
 */
export const upscaleQuestion = (choice: UpscaleChoice): string => `Upscale ${choice}`;

/** The button `choice` among a message's images, if that message offered it. */
export function findImageChoice(
  images: readonly StreamImage[] | undefined,
  choice: UpscaleChoice,
): ImageChoice | undefined {
  for (const image of images ?? []) {
    const found = image.choices?.find((c) => c.label === choice);
    if (found) return found;
  }
  return undefined;
}
