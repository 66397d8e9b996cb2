// Midjourney's buttons under a grid (U1–U4 upscale, V1–V4 vary): what pressing one sends, records and acts on.
import type { StreamImage } from "./stream-events.ts";

/** The upscales a grid offers: one per picture, numbered as Midjourney numbers them. */
export const UPSCALE_CHOICES = ["U1", "U2", "U3", "U4"] as const;
/** The variations a grid offers: a new grid of variations of that picture. */
export const VARIATION_CHOICES = ["V1", "V2", "V3", "V4"] as const;
/** Every button a grid offers that the chat shows (Midjourney's reroll is not one: regenerate is). */
export const GRID_CHOICES = [...UPSCALE_CHOICES, ...VARIATION_CHOICES] as const;

export type UpscaleChoice = (typeof UPSCALE_CHOICES)[number];
export type VariationChoice = (typeof VARIATION_CHOICES)[number];
export type GridChoice = (typeof GRID_CHOICES)[number];

export const isGridChoice = (label: unknown): label is GridChoice =>
  (GRID_CHOICES as readonly unknown[]).includes(label);

export const isUpscaleChoice = (label: unknown): label is UpscaleChoice =>
  (UPSCALE_CHOICES as readonly unknown[]).includes(label);

/** Which picture of the grid (1–4, reading order) a button acts on. */
export const pictureOf = (choice: GridChoice): number => Number(choice.slice(1));

/** POST /api/chat/send's `midjourneyAction`: which grid (an answer of the same chat) and which button. */
export interface MidjourneyActionWire {
  messageId: number;
  choice: GridChoice;
}

export type ImageChoice = NonNullable<StreamImage["choices"]>[number];

/**
 * The question a press records, in Midjourney's own words ("Upscale U2", "Vary V2"): the exchange reads like
 * a send in the chat, its history and its export, where a question with no words and no picture would show
 * nothing at all.
 */
export const pressQuestion = (choice: GridChoice): string =>
  `${isUpscaleChoice(choice) ? "Upscale" : "Vary"} ${choice}`;

/** The button `choice` among a message's images, if that message offered it. */
export function findImageChoice(
  images: readonly StreamImage[] | undefined,
  choice: GridChoice,
): ImageChoice | undefined {
  for (const image of images ?? []) {
    const found = image.choices?.find((c) => c.label === choice);
    if (found) return found;
  }
  return undefined;
}

/**
 * What a press's question keeps in its metadata (`pressed`): the button and the relay's ids it was sent with,
 * so that regenerating its answer presses the same button again (its words are no prompt).
 */
export interface PressRecord {
  choice: GridChoice;
  taskId: string;
  customId: string;
}

/** The press a question's stored metadata records, if it is a whole one (anything else: none). */
export function recordedPress(metadata: unknown): PressRecord | undefined {
  const pressed = (metadata as { pressed?: Partial<Record<keyof PressRecord, unknown>> } | null)?.pressed;
  if (!pressed || typeof pressed !== "object") return undefined;
  const { choice, taskId, customId } = pressed;
  if (!isGridChoice(choice) || typeof taskId !== "string" || typeof customId !== "string") return undefined;
  if (!taskId || !customId) return undefined;
  return { choice, taskId, customId };
}
