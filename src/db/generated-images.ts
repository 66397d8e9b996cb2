// Where a generated picture comes from (its chat's title, its answer's model and pictures), to name its
// download; only within the user's own chats.
import { and, eq } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import type { StreamImage } from "../domain/chat/stream-events";
import type { Database } from "./client";

export async function pictureOrigin(
  db: Database,
  { userId, chatId, messageId }: { userId: number; chatId: number; messageId: number },
): Promise<{ title: string; model: string | null; images: StreamImage[] } | null> {
  const [row] = await db
    .select({ title: chat.title, model: message.model, metadata: message.metadata })
    .from(message)
    .innerJoin(chat, eq(chat.id, message.chat))
    .where(and(eq(message.id, messageId), eq(chat.id, chatId), eq(chat.user, userId)))
    .limit(1);
  if (!row) return null;
  const images = Array.isArray(row.metadata.images) ? (row.metadata.images as StreamImage[]) : [];
  return { title: row.title, model: row.model, images };
}
