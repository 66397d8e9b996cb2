// Which quotes and list items a markdown line sits in, read as the chat's renderer (marked) reads them, so a
// block inside them (display math, a table) is found behind their marks: for the announcer (spoken-text.ts).

/** A container open at a line: a quote, or a list item whose content starts `indent` columns in. */
export type Container = { kind: "quote" } | { kind: "item"; indent: number };

export interface ContainerLine {
  /** The line behind the marks of its containers (`> `, `- `, a list item's indent): what its blocks are read from. */
  body: string;
  /** The containers it is in, outermost first: the very array it was read in, if it stays in those. */
  containers: readonly Container[];
  /** It opens a quote or a list item: a new block, even beside one of the same depth (the next item). */
  opens: boolean;
  /** A lazy line: text that goes on with a paragraph of a container whose marks it lacks (that container's kind). */
  lazy: Container["kind"] | null;
}

const QUOTE_MARK = /^ {0,3}>[ \t]?/;
/** A list item's marker (0–3 spaces before it), the spaces after it, and a task's box. */
const LIST_MARK = /^( {0,3})([-+*]|\d{1,9}[.)])(?:([ \t]+)(\[[ xX]\][ \t]+(?=\S))?|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** Deeper than anything a person reads: past it, marks are words, not read again and again for each depth. */
const MAX_DEPTH = 40;

/**
 * `line` read in the containers open at the line before it. `continues`: that line was text a lazy line may
 * go on with. A new item may not interrupt a paragraph of its container with a number other than 1 or with
 * nothing after its marker (it is words: "The year\n1986. was good"), as in marked.
 */
export function readContainers(line: string, open: readonly Container[], continues: boolean): ContainerLine {
  let { rest, matched } = matchContainers(line, open);
  const opened: Container[] = [];
  while (matched + opened.length < MAX_DEPTH) {
    const quote = QUOTE_MARK.exec(rest);
    if (quote) {
      opened.push({ kind: "quote" });
      rest = rest.slice(quote[0].length);
      continue;
    }
    const item = THEMATIC_BREAK.test(rest) ? null : LIST_MARK.exec(rest);
    if (!item) break;
    const [mark, before = "", marker = "", after = ""] = item;
    const interrupts = !continues || opened.length > 0 || matched < open.length;
    if (!interrupts && (!after || !/^(?:[-+*]|1[.)])$/.test(marker))) break;
    // Five spaces or more after the marker: the item's content is code, one space in.
    const spaces = after.length > 4 || !after ? 1 : after.length;
    opened.push({ kind: "item", indent: before.length + marker.length + spaces });
    rest = rest.slice(after.length > 4 ? before.length + marker.length + 1 : mark.length);
  }
  if (opened.length > 0)
    return { body: rest, containers: [...open.slice(0, matched), ...opened], opens: true, lazy: null };
  if (matched === open.length) return { body: rest, containers: open, opens: false, lazy: null };
  if (continues && rest.trim())
    return { body: rest, containers: open, opens: false, lazy: open[matched]?.kind ?? null };
  return { body: rest, containers: open.slice(0, matched), opens: false, lazy: null };
}

/**
 * `line` read inside a block that goes on over lines (display math) in the containers it opened in: its body,
 * or null where it leaves them (lacks a quote's mark, or opens an item outside the one it is in), which ends
 * the block unfinished. A line lacking a list item's indent goes on with it, as a lazy line.
 */
export function bodyWithin(line: string, open: readonly Container[]): string | null {
  const { rest, matched } = matchContainers(line, open);
  if (matched === open.length) return rest;
  if (open[matched]?.kind === "quote" || QUOTE_MARK.test(rest)) return null;
  return LIST_MARK.test(rest) && !THEMATIC_BREAK.test(rest) ? null : rest;
}

/** How many of the open containers `line` goes on in, from the outermost, and the line behind their marks. */
function matchContainers(line: string, open: readonly Container[]): { rest: string; matched: number } {
  let rest = line;
  let matched = 0;
  for (const container of open) {
    if (container.kind === "quote") {
      const mark = QUOTE_MARK.exec(rest);
      if (!mark) break;
      rest = rest.slice(mark[0].length);
    } else if (rest.trim()) {
      // A blank line keeps an item open; a line with words must be indented to its content.
      if ((/^ */.exec(rest)?.[0].length ?? 0) < container.indent) break;
      rest = rest.slice(container.indent);
    }
    matched++;
  }
  return { rest, matched };
}
