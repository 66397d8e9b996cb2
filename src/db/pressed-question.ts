// A Midjourney press's question keeps the press it was (src/domain/chat/midjourney.ts `PressRecord`).
import { and, eq, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import type { PressRecord } from "../domain/chat/midjourney";
import type { Database } from "./client";

/**
 * Adds `pressed` to the question's metadata (the user's own question in their own chat: anything else
 * changes nothing). Written once the exchange is recorded, since the send's statement records every question
 * alike.
 */
export async function recordPress(
  db: Database,
  input: { userId: number; chatId: number; messageId: number; pressed: PressRecord },
): Promise<boolean> {
  const rows = await db
    .update(message)
    .set({ metadata: sql`${message.metadata} || ${JSON.stringify({ pressed: input.pressed })}::jsonb` })
    .where(
      and(
        eq(message.id, input.messageId),
        eq(message.chat, input.chatId),
        sql`${message.metadata}->>'role' = 'user'`,
        sql`${message.chat} in (select ${chat.id} from ${chat} where ${chat.user} = ${input.userId})`,
      ),
    )
    .returning({ id: message.id });
  return rows.length > 0;
}
