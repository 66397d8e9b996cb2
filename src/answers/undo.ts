// Undoing a send that will not be answered: what it recorded goes, and the request it counted is given back.
import { type ChatRow, deleteChat } from "../db/chats";
import type { Database } from "../db/client";
import { deleteMessagesFrom, type MessageRow } from "../db/messages";
import { type Reservation, releaseQuota } from "./quota";

export async function undoSend(
  db: Database,
  made: {
    userId: number;
    created: ChatRow | null;
    recorded: { userMessage: MessageRow | null; modelMessage: MessageRow } | null;
    reservation: Reservation;
  },
): Promise<void> {
  const { userId, created, recorded } = made;
  // A chat made for this answer goes whole (its messages with it); otherwise only what this call added.
  if (created) await deleteChat(db, { userId, chatId: created.id });
  else if (recorded) {
    const fromId = recorded.userMessage?.id ?? recorded.modelMessage.id;
    await deleteMessagesFrom(db, { userId, chatId: recorded.modelMessage.chat, fromId });
  }
  await releaseQuota(db, made.reservation);
}

/** `undoSend`, logging rather than throwing: the caller is already failing with the error that matters. */
export const undoQuietly = (db: Database, made: Parameters<typeof undoSend>[1]) =>
  undoSend(db, made).catch((err: unknown) => console.error("undoing a failed send failed", err));
