// Sharing and forking queries: a share is a snapshot (a public id and the last message it shows); a fork
// copies messages into a new chat of the forker's own. Owner-side statements filter by the owner in SQL.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { chat, message } from "../../drizzle/schema";
import { shareableMetadata } from "../domain/chat/sharing";
import type { ChatRow } from "./chats";
import type { Database } from "./client";
import type { MessageRow } from "./messages";

/** A finished message: the user's, or a model's whose generation has ended. */
const finished = sql`(${message.metadata}->>'role' = 'user' or coalesce((${message.metadata}->>'done')::boolean, false))`;

/** The newest finished message of a chat: where a share made now stops. */
const snapshotEnd = (chatId: number) =>
  sql`(select coalesce(max(${message.id}), 0) from ${message} where ${message.chat} = ${chatId} and ${finished})`;

/**
 * Shares a chat of the user's, or moves an existing share's snapshot to now (same link): one statement,
 * so the id never changes under a concurrent share. `indexable` unset keeps the current choice (noindex
 * for a new share). Null when the chat is not theirs.
 */
export async function shareChat(
  db: Database,
  { userId, chatId, indexable }: { userId: number; chatId: number; indexable?: boolean },
): Promise<{ publicId: string; indexable: boolean } | null> {
  const rows = await db
    .update(chat)
    .set({
      publicId: sql`coalesce(${chat.publicId}, ${crypto.randomUUID()})`,
      sharedUpTo: snapshotEnd(chatId),
      ...(indexable === undefined ? {} : { sharedIndexable: indexable }),
    })
    .where(and(eq(chat.id, chatId), eq(chat.user, userId)))
    .returning({ publicId: chat.publicId, indexable: chat.sharedIndexable });
  const row = rows[0];
  return row?.publicId ? { publicId: row.publicId, indexable: row.indexable } : null;
}

/**
 * Lets search engines list a shared chat or not, keeping its snapshot where it is. Null when the chat is not
 * the user's or not shared.
 */
export async function setShareIndexable(
  db: Database,
  { userId, chatId, indexable }: { userId: number; chatId: number; indexable: boolean },
): Promise<{ publicId: string; indexable: boolean } | null> {
  const rows = await db
    .update(chat)
    .set({ sharedIndexable: indexable })
    .where(and(eq(chat.id, chatId), eq(chat.user, userId), isNotNull(chat.publicId)))
    .returning({ publicId: chat.publicId, indexable: chat.sharedIndexable });
  const row = rows[0];
  return row?.publicId ? { publicId: row.publicId, indexable: row.indexable } : null;
}

/** Stops sharing; the id it had (to purge its cached page), null when there was none, undefined when not theirs. */
export async function unshareChat(
  db: Database,
  { userId, chatId }: { userId: number; chatId: number },
): Promise<{ publicId: string | null } | null> {
  const result = await db.execute<{ publicId: string | null }>(sql`
    update ${chat} set "publicId" = null, "sharedUpTo" = null, "sharedIndexable" = false
    from (select ${chat.id} as id, ${chat.publicId} as old from ${chat}
          where ${chat.id} = ${chatId} and ${chat.user} = ${userId} for update) as previous
    where ${chat.id} = previous.id
    returning previous.old as "publicId"`);
  const row = result.rows[0];
  return row ? { publicId: row.publicId } : null;
}

export interface SharedChat {
  chat: ChatRow;
  messages: MessageRow[];
}

/** A shared chat and the messages of its snapshot, oldest first (two reads in parallel); null when not shared. */
export async function getSharedChat(
  db: Database,
  { publicId }: { publicId: string },
): Promise<SharedChat | null> {
  const [chats, messages] = await Promise.all([
    db.select().from(chat).where(eq(chat.publicId, publicId)).limit(1),
    db
      .select({ m: message })
      .from(message)
      .innerJoin(chat, eq(chat.id, message.chat))
      .where(and(eq(chat.publicId, publicId), lte(message.id, sql`${chat.sharedUpTo}`), finished))
      .orderBy(asc(message.id)),
  ]);
  const found = chats[0];
  if (!found) return null;
  return { chat: found, messages: messages.map((row) => row.m) };
}

/** One message of a share's snapshot, with its chat's owner (to check a picture's key); null when not in it. */
export async function getSharedMessage(
  db: Database,
  { publicId, messageId }: { publicId: string; messageId: number },
): Promise<{ message: MessageRow; ownerId: number; chatId: number } | null> {
  const rows = await db
    .select({ m: message, ownerId: chat.user, chatId: chat.id })
    .from(message)
    .innerJoin(chat, eq(chat.id, message.chat))
    .where(
      and(
        eq(message.id, messageId),
        eq(chat.publicId, publicId),
        lte(message.id, sql`${chat.sharedUpTo}`),
        finished,
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { message: row.m, ownerId: row.ownerId, chatId: row.chatId } : null;
}

export type ForkSource = { publicId: string } | { chatId: number };

export interface ForkResult {
  chat: ChatRow;
  /** The owner of the chat it came from. */
  sourceUserId: number;
  /** Each copied message beside the one it came from, in order. */
  copies: { source: MessageRow; copy: MessageRow }[];
}

/**
 * Copies a shared chat's snapshot, or the user's own chat, up to `upTo` (a message id, when given) into a new
 * chat of the user's, in one transaction. A fork of one's own chat stays with its assistant and keeps each
 * message whole; a fork of someone else's share goes to the default assistant and keeps of each message
 * only what the shared page shows (shareableMetadata): no usage, generation id, documents or task ids.
 * Null when the source is not found, not the user's, or lacks `upTo`.
 */
export async function forkChat(
  db: Database,
  { userId, source, upTo }: { userId: number; source: ForkSource; upTo?: number },
): Promise<ForkResult | null> {
  return db.transaction(async (tx) => {
    const where =
      "publicId" in source
        ? eq(chat.publicId, source.publicId)
        : and(eq(chat.id, source.chatId), eq(chat.user, userId));
    const [original] = await tx.select().from(chat).where(where).limit(1);
    if (!original) return null;
    const shared = "publicId" in source;
    const fromOther = shared && original.user !== userId;
    const messages = await tx
      .select()
      .from(message)
      .where(
        and(
          eq(message.chat, original.id),
          finished,
          shared ? lte(message.id, original.sharedUpTo ?? 0) : undefined,
          upTo === undefined ? undefined : lte(message.id, upTo),
        ),
      )
      .orderBy(asc(message.id));
    if (upTo !== undefined && messages.at(-1)?.id !== upTo) return null;
    const [created] = await tx
      .insert(chat)
      .values({
        user: userId,
        assistantId: fromOther ? null : original.assistantId,
        title: original.title,
        model: original.model,
        forkedMessagesIds: messages.map((m) => m.id),
      })
      .returning();
    if (!created) throw new Error("forkChat: insert returned nothing");
    if (messages.length === 0) return { chat: created, sourceUserId: original.user, copies: [] };
    const copies = await tx
      .insert(message)
      .values(
        messages.map((m) => ({
          chat: created.id,
          content: m.content,
          // Someone else's share: only what its page shows them (the same allow-list), pictures still at
          // the owner's keys for the caller to copy (src/sharing/fork-images.ts). One's own chat: all of it.
          metadata: fromOther
            ? shareableMetadata(m.metadata, { ownerId: original.user, imageUrl: (image) => image.url })
            : m.metadata,
          model: m.model,
          createdAt: m.createdAt,
        })),
      )
      .returning();
    copies.sort((a, b) => a.id - b.id);
    return {
      chat: created,
      sourceUserId: original.user,
      copies: messages.map((m, i) => ({ source: m, copy: copies[i] as MessageRow })),
    };
  });
}

/** Rewrites copied messages' metadata (their pictures, once copied under the forker's keys). */
export async function setForkedMetadata(
  db: Database,
  {
    userId,
    chatId,
    updates,
  }: { userId: number; chatId: number; updates: { id: number; metadata: Record<string, unknown> }[] },
): Promise<void> {
  if (updates.length === 0) return;
  const owned = sql`${message.chat} in (select ${chat.id} from ${chat} where ${chat.id} = ${chatId} and ${chat.user} = ${userId})`;
  await Promise.all(
    updates.map((u) =>
      db
        .update(message)
        .set({ metadata: u.metadata })
        .where(and(eq(message.id, u.id), eq(message.chat, chatId), owned)),
    ),
  );
}
