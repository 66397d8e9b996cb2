// Display math and tables read where they sit, in a quote or a list item as well (behind their marks:
// markdown-containers.ts), as the chat's renderer reads them: for the announcer (spoken-text.ts).
import { openFenceAt, TABLE_DELIMITER } from "../snippet-text.ts";
import { bodyWithin, type Container, readContainers } from "./markdown-containers.ts";
import { blockMathTokenizer } from "./markdown-math.ts";

/** The end of display math's last line, by how it opened. */
const CLOSERS = { dollars: /\$\$[ \t]*$/, brackets: /\\\][ \t]*$/ };

/** For each line, the first line from it on that `close` matches, or -1: one pass from the end. */
function nextMatching(lines: readonly string[], close: RegExp): number[] {
  const next: number[] = [];
  for (let i = lines.length - 1, at = -1; i >= 0; i--) {
    if (close.test(lines[i] as string)) at = i;
    next[i] = at;
  }
  return next;
}

export type DisplayMathAt = (
  start: number,
  body: string,
  open: readonly Container[],
) => { text: string; last: number } | null;

/**
 * A reader of the display math that line `start` (`body` behind its marks) opens, read on over the lines
 * after it in the containers `open` as the renderer reads it (markdown-math.ts): up to the first line that
 * ends in its closer, past one character at least. Its TeX and its last line, or null if it opens none:
 * unclosed, or its containers end first. Linear over all its calls: where each closer ends a line is found
 * once, and so is where the lines of some containers end (for every opener before it in them).
 */
export function displayMathAt(lines: readonly string[]): DisplayMathAt {
  const next = {
    dollars: nextMatching(lines, CLOSERS.dollars),
    brackets: nextMatching(lines, CLOSERS.brackets),
  };
  /** The last line found to leave some containers, read from `from` on: lines between are in them. */
  let left = { open: null as readonly Container[] | null, from: 0, at: 0 };
  return (start, body, open) => {
    const kind = /^ {0,3}\$\$/.test(body) ? "dollars" : "brackets";
    let close = next[kind][start] ?? -1;
    if (close === start) {
      const math = blockMathTokenizer.tokenizer(body);
      if (math) return { text: math.text, last: start };
      // A closer right after the opener ("$$" alone) closes nothing: the math goes on.
      close = next[kind][start + 1] ?? -1;
    }
    if (close < 0 || (left.open === open && left.from < start && start < left.at && left.at <= close))
      return null;
    let source = body;
    for (let k = start + 1; k <= close; k++) {
      const line = bodyWithin(lines[k] as string, open);
      if (line === null) {
        left = { open, from: start, at: k };
        return null;
      }
      source += `\n${line}`;
    }
    const math = blockMathTokenizer.tokenizer(source);
    return math ? { text: math.text, last: close } : null;
  };
}

/**
 * The rows of a table whose header is the line before `at`, read in its containers as the renderer reads
 * them (behind its delimiter row, up to a blank line or a line out of them), or null if it heads no table.
 */
export function tableAt(lines: readonly string[], at: number, open: readonly Container[]): string[] | null {
  const inTable = (k: number) => {
    const line = k < lines.length ? readContainers(lines[k] as string, open, true) : null;
    // A lazy line goes on with a table in a list item, not in a quote (as marked reads them).
    const within = line !== null && !line.opens && line.containers === open && line.lazy !== "quote";
    return within && line.body.trim() && !openFenceAt(lines[k] as string) ? line.body : null;
  };
  const delimiter = inTable(at);
  if (delimiter === null || !TABLE_DELIMITER.test(delimiter)) return null;
  const rows: string[] = [];
  for (let row = inTable(at + 1); row !== null; row = inTable(at + 1 + rows.length)) rows.push(row);
  return rows;
}
