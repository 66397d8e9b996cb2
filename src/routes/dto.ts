// Rows as the API sends them: each DTO returns the wire shape declared in src/domain, so both sides agree.
import type { AttachmentRow } from "../db/attachments";
import type { ChatRow } from "../db/chats";
import type { MessageRow } from "../db/messages";
import type { ChatWire, MessageMetadata, MessageWire } from "../domain/chat/wire";
import { type AttachmentWire, attachmentUrl } from "../domain/files";

export const chatDto = (c: ChatRow): ChatWire => ({
  id: c.id,
  assistantId: c.assistantId,
  title: c.title,
  model: c.model,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  publicId: c.publicId,
});

export const attachmentDto = (row: AttachmentRow): AttachmentWire => ({
  id: row.id,
  name: row.name ?? "file",
  type: row.type ?? "application/octet-stream",
  size: row.size,
  fileHash: row.fileHash,
  url: attachmentUrl(row.id),
  location: typeof row.content?.location === "string" ? row.content.location : "",
  messageId: row.messageId,
  assistantId: row.assistantId,
  createdAt: row.createdAt.toISOString(),
});

/** A message with the files sent with it (none is an empty list). */
export const messageDto = (m: MessageRow, attachments: readonly AttachmentRow[] = []): MessageWire => ({
  id: m.id,
  chatId: m.chat,
  role: m.metadata.role === "user" ? "user" : "assistant",
  content: m.content,
  model: m.model,
  // The column holds only what recordExchange and the ChatStream object wrote: this shape.
  metadata: m.metadata as MessageMetadata,
  createdAt: m.createdAt.toISOString(),
  attachments: attachments.map(attachmentDto),
});
