// What the API answers for chats and messages (dates as ISO strings; the client converts them).
import type { ChatRow } from "../db/chats";
import type { MessageRow } from "../db/messages";

export const chatDto = (c: ChatRow) => ({
  id: c.id,
  assistantId: c.assistantId,
  title: c.title,
  model: c.model,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  publicId: c.publicId,
});

export const messageDto = (m: MessageRow) => ({
  id: m.id,
  chatId: m.chat,
  role: m.metadata.role === "user" ? ("user" as const) : ("assistant" as const),
  content: m.content,
  model: m.model,
  metadata: m.metadata,
  createdAt: m.createdAt.toISOString(),
});

export type ChatDto = ReturnType<typeof chatDto>;
export type MessageDto = ReturnType<typeof messageDto>;
