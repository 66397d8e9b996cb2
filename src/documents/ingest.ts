// Reads a document once: text → passages → embeddings → the embedding table, tagged with where it belongs.

import type { Database } from "../db/client";
import {
  copyPassagesOfSameFile,
  deletePassages,
  insertPassages,
  type PassageMetadata,
} from "../db/embeddings";
import { chunkBlocks } from "../domain/documents/chunk";
import { DOCUMENT_LIMITS } from "../domain/documents/formats";
import { EmbeddingsUnavailable, embedTexts } from "../providers/embeddings";
import type { ProviderConfig } from "../providers/types";
import { extractDocument } from "./extract";
import { DocumentError } from "./problem";

export interface IngestInput {
  userId: number;
  attachment: { id: string; name: string };
  bytes: Uint8Array;
  chatId?: number | null;
  messageId?: number | null;
  assistantId?: number | null;
  /** Told after each embedded batch, for progress on the file's chip. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

export interface IngestResult {
  passages: number;
  pages?: number;
}

/**
 * Extracts, chunks, embeds and stores a document's passages; every failure is a DocumentError. A file the user
 * has had read before (the same bytes attached again, to another chat or assistant) takes that copy's passages
 * instead: no second wait, no second embedding bill. A read that fails part-way takes back what it stored, so
 * the document counts as unread and is read whole next time (src/db/document-files.ts).
 */
export async function ingestDocument(
  db: Database,
  config: ProviderConfig,
  input: IngestInput,
): Promise<IngestResult> {
  const copied = await copyPassagesOfSameFile(db, {
    userId: input.userId,
    attachmentId: input.attachment.id,
    name: input.attachment.name,
    chatId: input.chatId,
    messageId: input.messageId,
    assistantId: input.assistantId,
  });
  if (copied > 0) {
    await input.onProgress?.(copied, copied);
    return { passages: copied };
  }
  try {
    return await readWhole(db, config, input);
  } catch (error) {
    await deletePassages(db, { userId: input.userId, attachmentId: input.attachment.id }).catch(
      (cleanup: unknown) =>
        console.error("document pipeline: taking back a part-read document failed", cleanup),
    );
    throw error;
  }
}

async function readWhole(db: Database, config: ProviderConfig, input: IngestInput): Promise<IngestResult> {
  const blocks = await extractDocument(input.bytes, input.attachment.name);
  const passages = chunkBlocks(blocks);
  const batch = DOCUMENT_LIMITS.embeddingBatch;
  for (let start = 0; start < passages.length; start += batch) {
    const slice = passages.slice(start, start + batch);
    let vectors: number[][];
    try {
      // The heading rides along in the embedded text: a passage is found by its section's name too.
      vectors = await embedTexts(
        config,
        slice.map((p) => (p.heading && !p.text.startsWith(p.heading) ? `${p.heading}\n${p.text}` : p.text)),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // No embeddings service is our fault; one that fails now may not in ten minutes.
      throw new DocumentError(
        error instanceof EmbeddingsUnavailable ? "document_pipeline_error" : "document_unprocessable",
        `embeddings: ${reason}`,
      );
    }
    await insertPassages(db, {
      userId: input.userId,
      attachmentId: input.attachment.id,
      chatId: input.chatId,
      messageId: input.messageId,
      assistantId: input.assistantId,
      passages: slice.map((p, i) => {
        const metadata: PassageMetadata = {
          attachmentId: input.attachment.id,
          name: input.attachment.name,
          index: p.index,
          ...(p.page !== undefined ? { page: p.page, pageEnd: p.pageEnd ?? p.page } : {}),
          ...(p.heading ? { heading: p.heading } : {}),
        };
        return { text: p.text, metadata, vector: vectors[i] ?? [] };
      }),
    });
    await input.onProgress?.(Math.min(start + batch, passages.length), passages.length);
  }
  const pages = blocks.reduce((n, b) => Math.max(n, b.page ?? 0), 0);
  return { passages: passages.length, ...(pages > 0 ? { pages } : {}) };
}
