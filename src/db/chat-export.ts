// Reading every chat of one user, with their messages, files and assistant labels, for the data export.
import { and, asc, eq } from "drizzle-orm";
import { assistant, attachment, chat, message } from "../../drizzle/schema";
import { imageKeyOf } from "../domain/chat/sharing";
import type { MessageMetadata } from "../domain/chat/wire";
import { type ExportChat, type ExportFile, exportFilePath, exportImageName } from "../domain/chat-export";
import type { Database } from "./client";

/** A file of the export and the R2 key its bytes are read from (null: none of ours); checked before reading. */
export interface ExportSource {
  key: string | null;
  file: ExportFile;
}

export async function exportChats(
  db: Database,
  { userId }: { userId: number },
): Promise<{ chats: ExportChat[]; sources: ExportSource[] }> {
  // Three independent reads, each filtered by the user: in parallel, one round trip's wait instead of three.
  const [chats, messages, attachments] = await Promise.all([
    db
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
      .orderBy(asc(chat.id)),
    db
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
      .orderBy(asc(message.id)),
    // Only the user's own uploads, and only those sent with one of the user's messages.
    db
      .select({
        messageId: attachment.messageId,
        name: attachment.name,
        type: attachment.type,
        content: attachment.content,
      })
      .from(attachment)
      .innerJoin(message, eq(message.id, attachment.messageId))
      .innerJoin(chat, eq(chat.id, message.chat))
      .where(and(eq(attachment.userId, userId), eq(chat.user, userId)))
      .orderBy(asc(attachment.createdAt), asc(attachment.id)),
  ]);
  const filesOf = new Map<number, typeof attachments>();
  for (const row of attachments) {
    if (row.messageId === null) continue;
    filesOf.set(row.messageId, [...(filesOf.get(row.messageId) ?? []), row]);
  }

  const sources: ExportSource[] = [];
  // Names are unique within a chat's folder; pictures are counted through the chat.
  const folders = new Map<number, { names: Set<string>; images: number }>();
  const folderOf = (chatId: number) => {
    const folder = folders.get(chatId) ?? { names: new Set<string>(), images: 0 };
    folders.set(chatId, folder);
    return folder;
  };
  const place = (chatId: number, name: string, type: string | null, key: string | null): ExportFile => {
    const file: ExportFile = {
      path: exportFilePath(chatId, name, folderOf(chatId).names),
      name,
      type,
      omitted: null,
    };
    sources.push({ key, file });
    return file;
  };

  const byChat = new Map<number, ExportChat["messages"]>();
  for (const row of messages) {
    const metadata = row.metadata as Partial<MessageMetadata>;
    const images = (Array.isArray(metadata.images) ? metadata.images : []).map((image) => {
      const key = imageKeyOf(image);
      const name = exportImageName(++folderOf(row.chatId).images, key ?? "");
      return place(row.chatId, name, image.mimeType ?? null, key);
    });
    const files = (filesOf.get(row.id) ?? []).map((file) => {
      const location = file.content?.location;
      return place(
        row.chatId,
        file.name ?? "file",
        file.type,
        typeof location === "string" ? location : null,
      );
    });
    const list = byChat.get(row.chatId) ?? [];
    list.push({
      id: row.id,
      role: metadata.role === "user" ? "user" : "assistant",
      content: row.content,
      model: row.model,
      createdAt: row.createdAt.toISOString(),
      outcome: metadata.role === "user" ? null : (metadata.outcome ?? null),
      error: typeof metadata.error?.code === "string" ? metadata.error.code : null,
      images,
      attachments: files,
    });
    byChat.set(row.chatId, list);
  }
  const exported = chats.map((row) => ({
    id: row.id,
    title: row.title,
    model: row.model,
    assistant: row.assistant ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messages: byChat.get(row.id) ?? [],
  }));
  return { chats: exported, sources };
}
