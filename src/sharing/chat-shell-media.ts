// The pictures and files of an open chat's first frame (src/sharing/chat-shell.ts): an answer's pictures and the
// files sent with a question, in the app's boxes (client/chat/message-parts.tsx, message-item.tsx, file-chip.tsx),
// so that nothing moves when the app's own take their place.

import { escapeHtml } from "../domain/chat/markdown-rules";
import type { StreamImage } from "../domain/chat/stream-events";
import { type AttachmentWire, fileColour, formatFileSize, isLargeDocument } from "../domain/files";
import { iconSvg } from "../domain/icon-paths";
import { sizeAttributes } from "../domain/image-size";
import { extensionOf, fileKind } from "../domain/models";
import { type GridTexts, shellGridChoices } from "./chat-shell-grid";

const FILE_ICON = iconSvg("file", 18);
const ALERT_ICON = iconSvg("alert", 14);

/** A raster picture: the app shows it as a thumbnail (an SVG, never drawn from a user's file, as a chip). */
const isThumbnail = (file: AttachmentWire) => fileKind(file) === "image" && file.type !== "image/svg+xml";

/**
 * A document's chip, as FileChip draws a sent one: its type's colour and extension, name and size. A large
 * document's warning is the app's sentence in the reader's language, which the Worker does not hold: the frame
 * keeps its place (two lines, as it takes in every language) with the warning's icon.
 */
function chip(file: AttachmentWire): string {
  const name = escapeHtml(file.name);
  const warning = isLargeDocument(file) ? `<span class="file-chip-warning">${ALERT_ICON}</span>` : "";
  return (
    `<li class="file-chip" data-colour="${fileColour(file) ?? "plain"}"><span class="file-chip-body">` +
    `<span class="file-chip-icon">${FILE_ICON}<span class="file-chip-ext">${escapeHtml(extensionOf(file.name).slice(0, 4))}</span></span>` +
    `<span class="file-chip-text"><span class="file-chip-name" title="${name}">${name}</span>` +
    `<span class="file-chip-meta">${formatFileSize(file.size)}</span></span></span>${warning}</li>`
  );
}

/** A picture as the app's thumbnail: the stored file itself, which the app then shows from the cache. */
const thumbnail = (file: AttachmentWire) =>
  `<li class="file-chip-image"><img class="message-image" src="${escapeHtml(file.url)}" alt="${escapeHtml(file.name)}"></li>`;

/** The row of a question's files, or nothing when it has none. */
export function shellFiles(files: readonly AttachmentWire[]): string {
  if (files.length === 0) return "";
  return `<ul class="message-files">${files.map((f) => (isThumbnail(f) ? thumbnail(f) : chip(f))).join("")}</ul>`;
}

/** The labels of a picture's buttons as stored (data: anything but a list of them is none). */
const choiceLabels = (image: Pick<StreamImage, "choices">): unknown[] =>
  Array.isArray(image.choices) ? image.choices.map((c: { label?: unknown } | null) => c?.label) : [];

/** No names for a grid's buttons: they keep their places, unnamed. */
const UNNAMED: GridTexts = { upscales: "", upscale: "", variations: "", vary: "" };

/**
 * An answer's pictures as the app lays them out (client/chat/message-parts.tsx), each named by its question, with
 * the place of the app's "Download" button under it and a Midjourney grid's buttons under that, named in `grid`'s
 * words: the app's own take their place without a jump.
 */
export function shellPictures(
  images: readonly Pick<StreamImage, "url" | "width" | "height" | "choices">[],
  about: string,
  grid = UNNAMED,
): string {
  const alt = escapeHtml(about);
  const figures = images.map(
    (image) =>
      `<figure><img src="${escapeHtml(image.url)}" alt="${alt}"${sizeAttributes(image)}><span class="boot-image-download"></span>` +
      `${shellGridChoices(choiceLabels(image), grid)}</figure>`,
  );
  return figures.length > 0 ? `<div class="generated-images">${figures.join("")}</div>` : "";
}
