// Document passages and their vectors: written per attachment, searched within one user's chat and assistant.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { attachment, embedding } from "../../drizzle/schema";
import type { Database } from "./client";
import { type MessageSpan, outsideSpan } from "./messages";

/** What a passage remembers of where it came from (the answer names its sources). */
export interface PassageMetadata {
  attachmentId: string;
  name: string;
  index: number;
  page?: number;
  pageEnd?: number;
  heading?: string;
}

export interface NewPassage {
  text: string;
  metadata: PassageMetadata;
  vector: number[];
}

export interface FoundPassage {
  content: string;
  metadata: PassageMetadata;
  distance: number;
  /** The file's SHA-256: copies of one file (an assistant's and a message's) are one document. */
  fileHash: string | null;
}

const INSERT_BATCH = 200;

export async function insertPassages(
  db: Database,
  input: {
    userId: number;
    attachmentId: string;
    chatId?: number | null;
    messageId?: number | null;
    assistantId?: number | null;
    passages: readonly NewPassage[];
  },
): Promise<void> {
  const rows = input.passages.map((p) => ({
    userId: input.userId,
    attachmentId: input.attachmentId,
    chatId: input.chatId ?? null,
    messageId: input.messageId ?? null,
    assistantId: input.assistantId ?? null,
    content: p.text,
    metadata: { ...p.metadata },
    embedding: p.vector,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db.insert(embedding).values(rows.slice(i, i + INSERT_BATCH));
  }
}

/**
 * The passages nearest to `vector` among the user's documents of this chat and this assistant.
 * pgvector's iterative HNSW scan keeps going until enough rows pass the filter, so a user with few
 * passages among millions still gets `limit` of them; a filter matching few rows takes the btree
 * indexes and an exact sort instead (the planner's choice).
 */
export async function searchPassages(
  db: Database,
  input: {
    userId: number;
    chatId?: number | null;
    assistantId?: number | null;
    attachmentIds?: readonly string[];
    /** Passages of these messages' documents are left out: the messages are being replaced. */
    replaced?: MessageSpan;
    vector: readonly number[];
    limit: number;
  },
): Promise<FoundPassage[]> {
  const scopes = [
    input.chatId ? eq(embedding.chatId, input.chatId) : undefined,
    input.assistantId ? eq(embedding.assistantId, input.assistantId) : undefined,
    input.attachmentIds?.length ? inArray(embedding.attachmentId, [...input.attachmentIds]) : undefined,
  ].filter((s) => s !== undefined);
  if (scopes.length === 0) return [];
  const literal = `[${input.vector.join(",")}]`;
  const distance = sql<number>`${embedding.embedding} <=> ${literal}::vector`;
  // Looked up per row returned, after the nearest-first scan has picked them: the index scan stays as it was.
  const fileHash = sql<
    string | null
  >`(select ${attachment.fileHash} from ${attachment} where ${attachment.id} = ${embedding.attachmentId})`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
    const rows = await tx
      .select({ content: embedding.content, metadata: embedding.metadata, distance, fileHash })
      .from(embedding)
      .where(
        and(
          eq(embedding.userId, input.userId),
          or(...scopes),
          input.replaced
            ? or(isNull(embedding.messageId), outsideSpan(embedding.messageId, input.replaced))
            : undefined,
        ),
      )
      .orderBy(distance)
      .limit(input.limit);
    // relaxed_order may return near-ties out of order.
    return rows
      .map((r) => ({
        content: r.content,
        metadata: r.metadata as unknown as PassageMetadata,
        distance: Number(r.distance),
        fileHash: r.fileHash ?? null,
      }))
      .sort((a, b) => a.distance - b.distance);
  });
}

/** Whether an attachment's passages are stored already (a document is read once, then reused). */
export async function hasPassages(
  db: Database,
  input: { userId: number; attachmentId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(embedding)
    .where(and(eq(embedding.userId, input.userId), eq(embedding.attachmentId, input.attachmentId)))
    .limit(1);
  return Boolean(row);
}

export async function deletePassages(
  db: Database,
  input: { userId: number; attachmentId: string },
): Promise<void> {
  await db
    .delete(embedding)
    .where(and(eq(embedding.userId, input.userId), eq(embedding.attachmentId, input.attachmentId)));
}

/**
 * Stores for `attachmentId` the passages of an earlier copy of the same file (same SHA-256, same user) that
 * was read whole, as its own: one statement, no embedding call. Answers how many were copied (0: no such copy).
 */
export async function copyPassagesOfSameFile(
  db: Database,
  input: {
    userId: number;
    attachmentId: string;
    name: string;
    chatId?: number | null;
    messageId?: number | null;
    assistantId?: number | null;
  },
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${embedding} ("userId", "attachmentId", "chatId", "messageId", "assistantId", "content", "metadata", "embedding")
    select e."userId", ${input.attachmentId}::uuid, ${input.chatId ?? null}::bigint, ${input.messageId ?? null}::bigint,
           ${input.assistantId ?? null}::bigint, e."content",
           e."metadata" || jsonb_build_object('attachmentId', ${input.attachmentId}::text, 'name', ${input.name}::text),
           e."embedding"
    from ${embedding} e
    where e."userId" = ${input.userId} and e."attachmentId" = (
      select a."id" from ${attachment} a
      join ${attachment} self on self."id" = ${input.attachmentId}::uuid and self."userId" = ${input.userId}
      where a."userId" = ${input.userId} and a."fileHash" = self."fileHash" and a."id" <> self."id"
        and exists (select 1 from ${embedding} x where x."attachmentId" = a."id")
      order by a."createdAt", a."id"
      limit 1)
    order by e."id"`);
  return result.rowCount ?? 0;
}
