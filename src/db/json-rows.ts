// Rows that come back inside one statement's JSON (to_jsonb), turned into the shapes drizzle's selects give.
import type { AttachmentRow } from "./attachments";
import type { ChatRow } from "./chats";
import type { MessageRow } from "./messages";

type Json = Record<string, unknown>;

/**
 * to_jsonb keeps numbers and objects as they are; only timestamps arrive as text. bigint columns fit in a
 * JSON number (ids and sizes stay far below 2^53), as they do in drizzle's `mode: "number"`.
 */
const date = (value: unknown): Date => new Date(String(value));

export const chatFromJson = (j: Json): ChatRow => ({
  ...(j as unknown as ChatRow),
  createdAt: date(j.createdAt),
  updatedAt: date(j.updatedAt),
});

/** `search` (the tsvector) is never sent back: nothing outside the search statement reads it. */
export const messageFromJson = (j: Json): MessageRow => ({
  ...(j as unknown as MessageRow),
  search: null,
  createdAt: date(j.createdAt),
});

export const attachmentFromJson = (j: Json): AttachmentRow => ({
  ...(j as unknown as AttachmentRow),
  createdAt: date(j.createdAt),
});
