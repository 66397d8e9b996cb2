// The passages of a conversation's documents that best answer a question, formatted for the model with sources.

import type { Database } from "../db/client";
import { type FoundPassage, searchPassages } from "../db/embeddings";
import type { MessageSpan } from "../db/messages";
import { distinctPassages } from "../domain/documents/document-copies";
import { DOCUMENT_LIMITS } from "../domain/documents/formats";
import { passageOrder } from "../domain/documents/passage-order";
import { embedTexts } from "../providers/embeddings";
import type { ProviderConfig } from "../providers/types";

export interface DocumentSource {
  attachmentId: string;
  name: string;
  pages: number[];
}

export interface RetrievedContext {
  passages: FoundPassage[];
  /** Which documents (and pages) the answer may draw on. */
  sources: DocumentSource[];
  /** The passages as one block for the system prompt, or "" when there are none. */
  prompt: string;
}

/**
 * How many times over the passages are searched for, to make up for copies of one file: twice at first, and
 * twice again while copies leave fewer than asked, up to 32 times (a file given that often is not worth more
 * scans of the index).
 */
const COPIES_ALLOWANCE = { first: 2, most: 32 };

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Passages in `<passage>` tags: models follow them well, and the fake upstreams count them. */
export function passagesPrompt(passages: readonly Omit<FoundPassage, "fileHash">[]): string {
  if (passages.length === 0) return "";
  const body = passages
    .map((p) => {
      const m = p.metadata;
      const page =
        m.page === undefined
          ? ""
          : ` page="${m.page}${m.pageEnd && m.pageEnd !== m.page ? `-${m.pageEnd}` : ""}"`;
      return `<passage source="${escapeAttr(m.name)}"${page}>\n${p.content}\n</passage>`;
    })
    .join("\n");
  return `The user's documents, as passages chosen for this question. Use them when they help and name the document (and page) you draw on.\n${body}`;
}

export function sourcesOf(passages: readonly Pick<FoundPassage, "metadata">[]): DocumentSource[] {
  const byId = new Map<string, DocumentSource>();
  for (const { metadata: m } of passages) {
    const source = byId.get(m.attachmentId) ?? { attachmentId: m.attachmentId, name: m.name, pages: [] };
    if (m.page !== undefined && !source.pages.includes(m.page)) source.pages.push(m.page);
    byId.set(m.attachmentId, source);
  }
  return [...byId.values()].map((s) => ({ ...s, pages: s.pages.sort((a, b) => a - b) }));
}

/**
 * Embeds the question and takes the nearest passages of this chat's and this assistant's documents
 * (only the user's, in SQL). A short document alone in its chat fits in the limit, so it reaches the
 * model whole. The most relevant document comes first, each in reading order (`passageOrder`).
 */
export async function retrievePassages(
  db: Database,
  config: ProviderConfig,
  input: {
    userId: number;
    chatId?: number | null;
    assistantId?: number | null;
    question: string;
    limit?: number;
    replaced?: MessageSpan;
  },
): Promise<RetrievedContext> {
  if (!input.chatId && !input.assistantId) return { passages: [], sources: [], prompt: "" };
  const [vector] = await embedTexts(config, [input.question]);
  if (!vector) return { passages: [], sources: [], prompt: "" };
  const limit = input.limit ?? DOCUMENT_LIMITS.topPassages;
  // A file given twice (by the assistant and by a message) comes back twice: more are asked for, so that
  // once its copies are dropped `limit` distinct passages are left.
  let found: FoundPassage[] = [];
  for (let asked = limit * COPIES_ALLOWANCE.first; ; asked *= 2) {
    const rows = await searchPassages(db, {
      userId: input.userId,
      chatId: input.chatId,
      assistantId: input.assistantId,
      replaced: input.replaced,
      vector,
      limit: asked,
    });
    found = distinctPassages(rows, limit);
    if (found.length >= limit || rows.length < asked || asked >= limit * COPIES_ALLOWANCE.most) break;
  }
  const ordered = passageOrder(found);
  return { passages: ordered, sources: sourcesOf(found), prompt: passagesPrompt(ordered) };
}
