// A Midjourney grid's buttons in an open chat's first frame (src/sharing/chat-shell-media.ts): its rows of upscales
// (U1–U4) and variations (V1–V4) under it, as the app draws them (client/chat/grid-choices.tsx), inert: the frame
// runs no script, and the app's own buttons take their place without a jump.
import { escapeHtml } from "../domain/chat/markdown-rules";
import { type GridChoice, pictureOf, UPSCALE_CHOICES, VARIATION_CHOICES } from "../domain/chat/midjourney";
import type { AnswerTexts } from "../domain/chat/shell-labels";
import { formatMessage } from "../domain/message-format";

/** The names of the rows and their buttons, in the reader's words as the catalogue writes them. */
export type GridTexts = Pick<AnswerTexts, "upscales" | "upscale" | "variations" | "vary">;

/**
 * A catalogue's message with its `{{name}}`s filled in by the app's own renderer. Its locale serves only formats
 * (prices, dates), which the grid's names do not use.
 */
const fill = (message: string, values: Readonly<Record<string, string | number>>) =>
  formatMessage({ message }, "message", values, "en");

/** The name an element is read and hovered by, when the page gave one (a page not built gives none). */
const named = (name: string) => (name ? ` aria-label="${escapeHtml(name)}" title="${escapeHtml(name)}"` : "");

function row(choices: readonly GridChoice[], name: string, button: (choice: GridChoice) => string): string {
  if (choices.length === 0) return "";
  // Each button as the app's ChoiceButton: its title and name are its words, its text the choice.
  const buttons = choices.map(
    (choice) =>
      `<button type="button" class="button small secondary"${named(button(choice))}>${choice}</button>`,
  );
  const label = name ? ` aria-label="${escapeHtml(name)}"` : "";
  return `<fieldset class="image-choices"${label} inert>${buttons.join("")}</fieldset>`;
}

/** The rows of the buttons `labels` offers (the relay's labels: anything else is not a button there either). */
export function shellGridChoices(labels: readonly unknown[], texts: GridTexts): string {
  const upscales = UPSCALE_CHOICES.filter((c) => labels.includes(c));
  const variations = VARIATION_CHOICES.filter((c) => labels.includes(c));
  return (
    row(upscales, texts.upscales, (choice) => fill(texts.upscale, { choice })) +
    row(variations, texts.variations, (choice) => fill(texts.vary, { choice, n: pictureOf(choice) }))
  );
}
