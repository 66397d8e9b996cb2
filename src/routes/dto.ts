// Rows as the API sends them: each DTO returns the wire shape declared in src/domain, so both sides agree.
import type { ChatRow } from "../db/chats";
import type { MessageRow } from "../db/messages";
import type { ChatWire, MessageMetadata, MessageWire } from "../domain/chat/wire";

export const chatDto = (c: ChatRow): ChatWire => ({
  id: c.id,
  assistantId: c.assistantId,
  title: c.title,
  model: c.model,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  publicId: c.publicId,
});

export const messageDto = (m: MessageRow): MessageWire => ({
  id: m.id,
  chatId: m.chat,
  role: m.metadata.role === "user" ? "user" : "assistant",
  content: m.content,
  model: m.model,
  // The column holds only what recordExchange and the ChatStream object wrote: this shape.
  metadata: m.metadata as MessageMetadata,
  createdAt: m.createdAt.toISOString(),
});
