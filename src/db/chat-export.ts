// Reading every chat of one user, with their messages and assistant labels, for the data export.
import { asc, eq } from "drizzle-orm";
import { assistant, chat, message } from "../../drizzle/schema";
import type { ExportChat } from "../domain/chat-export";
import type { Database } from "./client";

export async function exportChats(db: Database, { userId }: { userId: number }): Promise<ExportChat[]> {
  const chats = await db
    .select({
      id: chat.id,
      title: chat.title,
      model: chat.model,
      assistant: assistant.label,
      createdAt: chat.createdAt,
      updatedAt: chat.updatedAt,
    })
    .from(chat)
    .leftJoin(assistant, eq(assistant.id, chat.assistantId))
    .where(eq(chat.user, userId))
    .orderBy(asc(chat.id));
  const messages = await db
    .select({
      id: message.id,
      chatId: message.chat,
      content: message.content,
      metadata: message.metadata,
      model: message.model,
      createdAt: message.createdAt,
    })
    .from(message)
    .innerJoin(chat, eq(chat.id, message.chat))
    .where(eq(chat.user, userId))
    .orderBy(asc(message.id));
  const byChat = new Map<number, ExportChat["messages"]>();
  for (const row of messages) {
    const list = byChat.get(row.chatId) ?? [];
    list.push({
      id: row.id,
      role: row.metadata.role === "user" ? "user" : "assistant",
      content: row.content,
      model: row.model,
      createdAt: row.createdAt.toISOString(),
    });
    byChat.set(row.chatId, list);
  }
  return chats.map((row) => ({
    id: row.id,
    title: row.title,
    model: row.model,
    assistant: row.assistant ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messages: byChat.get(row.id) ?? [],
  }));
}
