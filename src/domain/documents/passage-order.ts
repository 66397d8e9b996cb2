// The order passages reach the model in: documents by their best passage, each document in reading order.

export interface RankedPassage {
  metadata: { attachmentId: string; index: number };
}

/**
 * `found` comes nearest first. The document holding the nearest passage leads (models weigh what comes first,
 * and the sources list the same order), and each document's passages are put back in reading order, so a
 * passage that runs on from the one before reads on.
 */
export function passageOrder<T extends RankedPassage>(found: readonly T[]): T[] {
  const rank = new Map<string, number>();
  found.forEach((passage, at) => {
    if (!rank.has(passage.metadata.attachmentId)) rank.set(passage.metadata.attachmentId, at);
  });
  const rankOf = (passage: T) => rank.get(passage.metadata.attachmentId) ?? 0;
  return [...found].sort((a, b) => rankOf(a) - rankOf(b) || a.metadata.index - b.metadata.index);
}
