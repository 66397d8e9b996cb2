// One copy of each document per answer: the same file given by the assistant and by a message is one source.

export interface CopiedPassage {
  /** The SHA-256 of the file the passage came from; null for a file stored without one. */
  fileHash: string | null;
  metadata: { attachmentId: string; index: number };
}

/** What makes two attachments the same document: their bytes, else (no hash known) only itself. */
const documentOf = (p: CopiedPassage) =>
  p.fileHash ? `hash:${p.fileHash}` : `id:${p.metadata.attachmentId}`;

/**
 * `found` comes nearest first. Every copy of a file holds the same passages at the same distance, so the
 * duplicates would take the places of other passages and name the file twice among the sources. The copy
 * whose passage is nearest stands for the document (its passages are kept, the other copies' dropped), and
 * the first `limit` passages left are returned.
 */
export function distinctPassages<T extends CopiedPassage>(found: readonly T[], limit = found.length): T[] {
  const copyOf = new Map<string, string>();
  const kept: T[] = [];
  for (const passage of found) {
    const document = documentOf(passage);
    const chosen = copyOf.get(document) ?? passage.metadata.attachmentId;
    copyOf.set(document, chosen);
    if (chosen === passage.metadata.attachmentId && kept.length < limit) kept.push(passage);
  }
  return kept;
}
