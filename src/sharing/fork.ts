// Forking, for the API and the shared page's form alike: copy the messages, then the pictures they show.

import type { ChatRow } from "../db/chats";
import type { Database } from "../db/client";
import { type ForkSource, forkChat, setForkedMetadata } from "../db/shares";
import { copyForkedImages } from "./fork-images";

/** The new chat of `userId`'s own, or null when the source is not found (or not theirs, or lacks `upTo`). */
export async function forkInto(
  db: Database,
  bucket: R2Bucket,
  { userId, source, upTo }: { userId: number; source: ForkSource; upTo?: number },
): Promise<ChatRow | null> {
  const fork = await forkChat(db, { userId, source, upTo });
  if (!fork) return null;
  const fromUserId = fork.sourceUserId;
  const updates = await copyForkedImages(bucket, fork, { fromUserId, toUserId: userId });
  await setForkedMetadata(db, { userId, chatId: fork.chat.id, updates });
  return fork.chat;
}
