// Undoing a send that will not be answered: what it recorded goes, and the request it counted is given back.
import { giveFilesBack } from "../db/carried-files";
import { type ChatRow, deleteChat } from "../db/chats";
import type { Database } from "../db/client";
import type { RecordedExchange } from "../db/exchange";
import { deleteMessagesFrom } from "../db/messages";
import { type Reservation, releaseQuota } from "./quota";

export async function undoSend(
  db: Database,
  made: {
    userId: number;
    created: ChatRow | null;
    recorded: Pick<RecordedExchange, "userMessage" | "modelMessage" | "carried"> | null;
    reservation: Reservation;
  },
): Promise<void> {
  const { userId, created, recorded } = made;
  // The files sent with the question are not lost with it: uploads are unsent again, an edit's go back.
  if (recorded?.userMessage) {
    await giveFilesBack(db, { userId, messageId: recorded.userMessage.id, carried: recorded.carried });
  }
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
