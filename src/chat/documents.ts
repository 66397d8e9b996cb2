// Before the model is asked: read the conversation's new documents into passages, then pick those for the question.
import type { Database } from "../db/client";
import { openDatabase } from "../db/client";
import type { MessageSpan } from "../db/messages";
import { ingestDocument } from "../documents/ingest";
import { DocumentError } from "../documents/problem";
import { retrievePassages } from "../documents/retrieve";
import type { DocumentsProgress } from "../domain/chat/stream-events";
import type { StreamErrorCode } from "../domain/error-codes";
import type { Env } from "../env";
import { providerConfigFromEnv } from "../providers";

/** A document of the conversation not read yet: its R2 object and where its passages belong. */
export interface UnreadDocument {
  attachmentId: string;
  name: string;
  /** The R2 key (the attachment's `content.location`). */
  location: string;
  messageId?: number | null;
  assistantId?: number | null;
}

export interface DocumentsInput {
  /** The text the passages are chosen for: the user's question. */
  question: string;
  chatId: number;
  /** The chat's assistant, whose documents are context for every chat of it. */
  assistantId: number | null;
  unread: UnreadDocument[];
  /** An edit or regenerate: the messages in [fromId, beforeId) are being replaced; their documents are not used. */
  replaced?: MessageSpan;
}

export type PreparedDocuments = { ok: true; prompt: string } | { ok: false; code: StreamErrorCode };

async function readUnread(
  db: Database,
  env: Env,
  input: DocumentsInput & { userId: number },
  progress: (p: DocumentsProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const config = providerConfigFromEnv(env);
  // Progress counts passages over all documents; each document's total is known once it is chunked.
  const totals = new Map<string, { done: number; total: number }>();
  const report = () => {
    let done = 0;
    let total = 0;
    for (const t of totals.values()) {
      done += t.done;
      total += t.total;
    }
    progress({ status: "reading", done, total });
  };
  for (const doc of input.unread) {
    if (signal.aborted) return;
    const object = await env.FILES.get(doc.location);
    if (!object) throw new DocumentError("document_unprocessable", `R2 object ${doc.location} is missing`);
    await ingestDocument(db, config, {
      userId: input.userId,
      attachment: { id: doc.attachmentId, name: doc.name },
      bytes: new Uint8Array(await object.arrayBuffer()),
      // An assistant's document belongs to the assistant, not to the chat that first read it.
      chatId: doc.assistantId ? null : input.chatId,
      messageId: doc.messageId ?? null,
      assistantId: doc.assistantId ?? null,
      onProgress: (done, total) => {
        totals.set(doc.attachmentId, { done, total });
        report();
      },
    });
  }
}

/**
 * Reads what is unread (reporting progress as `documents` events), then retrieves the passages for the
 * question. A document that cannot be read ends the answer with its SPEC §8 code instead of an answer
 * that silently ignores it.
 */
export async function prepareDocuments(
  input: DocumentsInput & { userId: number },
  env: Env,
  signal: AbortSignal,
  progress: (p: DocumentsProgress) => void,
): Promise<PreparedDocuments> {
  const { db, close } = openDatabase(env);
  try {
    if (input.unread.length > 0) {
      progress({ status: "reading", done: 0, total: 0 });
      await readUnread(db, env, input, progress, signal);
    }
    const found = await retrievePassages(db, providerConfigFromEnv(env), {
      userId: input.userId,
      chatId: input.chatId,
      assistantId: input.assistantId,
      question: input.question,
      replaced: input.replaced,
    });
    const done = found.passages.length;
    progress({ status: "ready", done, total: done, sources: found.sources });
    return { ok: true, prompt: found.prompt };
  } catch (error) {
    if (error instanceof DocumentError) {
      console.error("document pipeline:", error.message);
      return { ok: false, code: error.problem };
    }
    console.error("document pipeline failed:", error);
    return { ok: false, code: "document_pipeline_error" };
  } finally {
    await close();
  }
}
