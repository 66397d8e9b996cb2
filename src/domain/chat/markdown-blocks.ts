// Splits a growing markdown text into top-level blocks so a streamed answer re-parses only its last block.

/** What a block lexer (e.g. marked.lexer) gives back per top-level token. */
export interface RawToken {
  type: string;
  raw: string;
}

export type BlockLexer<T extends RawToken> = (source: string) => readonly T[];

export interface Block<T extends RawToken> {
  /** Offset of the block in the text: stable for the block's whole life, so a good render key. */
  start: number;
  raw: string;
  token: T;
}

export interface BlockSplit<T extends RawToken> {
  /** The text this split describes. */
  source: string;
  /** Blocks no future text can change: never lexed again while the text only grows. */
  settled: readonly Block<T>[];
  /** Where the unsettled part begins: the last block with content and any blank lines after it. */
  settledEnd: number;
  /** The block still being written (and trailing blank space). */
  open: readonly Block<T>[];
}

/** CommonMark treats CR and CRLF as LF; normalising first keeps offsets and raw text in step. */
export const normalizeNewlines = (text: string): string => text.replace(/\r\n?/g, "\n");

function blocksOf<T extends RawToken>(tokens: readonly T[], offset: number): Block<T>[] {
  const blocks: Block<T>[] = [];
  let at = offset;
  for (const token of tokens) {
    blocks.push({ start: at, raw: token.raw, token });
    at += token.raw.length;
  }
  return blocks;
}

/**
 * The split of `source`, reusing `previous` when `source` extends it: only the text from the start of the
 * previous open block is lexed again. A block is settled once another block with content follows it —
 * nothing after that can change it (a list still open grows as the open block; a paragraph that turns into
 * a setext heading or a table header is the open block until something follows). Reference link
 * definitions written later do not reach back into settled blocks; models rarely write them.
 */
export function splitBlocks<T extends RawToken>(
  previous: BlockSplit<T> | null,
  source: string,
  lex: BlockLexer<T>,
): BlockSplit<T> {
  const reuse =
    previous !== null &&
    source.length >= previous.settledEnd &&
    source.startsWith(previous.source.slice(0, previous.settledEnd));
  if (reuse && previous.source === source) return previous;
  const settled = reuse ? [...previous.settled] : [];
  const from = reuse ? previous.settledEnd : 0;
  const rest = source.slice(from);
  const tokens = lex(rest);
  const blocks = blocksOf(tokens, from);
  const covered = tokens.reduce((sum, token) => sum + token.raw.length, 0);
  if (covered !== rest.length) {
    // The lexer rewrote the text (it should not after normalizeNewlines): settle nothing, stay correct.
    return { source, settled, settledEnd: from, open: blocks };
  }
  let lastContent = -1;
  for (let i = blocks.length - 1; i >= 0; i--) {
    if (blocks[i]?.token.type !== "space") {
      lastContent = i;
      break;
    }
  }
  if (lastContent <= 0) return { source, settled, settledEnd: from, open: blocks };
  const newlySettled = blocks.slice(0, lastContent);
  const open = blocks.slice(lastContent);
  const settledEnd = open[0]?.start ?? source.length;
  return { source, settled: [...settled, ...newlySettled], settledEnd, open };
}

/** Every block of a split, in order. */
export const allBlocks = <T extends RawToken>(split: BlockSplit<T>): Block<T>[] => [
  ...split.settled,
  ...split.open,
];
