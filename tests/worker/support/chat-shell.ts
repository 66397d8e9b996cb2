// Pieces of the open chat's first-frame tests (src/sharing/chat-shell.ts): a chat's saved rows, and index.html
// as the build writes it, carrying its words for the frame.
import type { MessageRow } from "../../../src/db/messages";
import { encodeLabels } from "../../../src/domain/chat/shell-labels";
import type { MessageMetadata } from "../../../src/domain/chat/wire";

/** A saved message of chat 1, written at a minute of its own (its id's). */
export const shellRow = (
  id: number,
  content: string,
  metadata: MessageMetadata | { role: "user" },
  model = "test",
): MessageRow =>
  ({
    id,
    chat: 1,
    content,
    model,
    metadata,
    createdAt: new Date(2026, 10, 25, 12, id),
  }) as unknown as MessageRow;

/** index.html as the build writes it, with these languages' words on its hero's `attribute` (none: `null`). */
export const indexWithLabels = (attribute: string, labels: Record<string, string[]> | null) =>
  new Response(
    [
      '<!doctype html><html><head></head><body><div id="root"></div><div id="boot-shell" aria-hidden="true"><div class="boot-column">',
      `<div class="boot-hero"${labels ? ` ${attribute}="${encodeLabels(labels)}"` : ""}><h2>Hi</h2></div>`,
      '<div class="boot-composer"></div></div></div></body></html>',
    ].join(""),
    { headers: { "Content-Type": "text/html" } },
  );
