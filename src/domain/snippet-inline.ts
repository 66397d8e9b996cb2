// One paragraph of markdown as plain text (for search snippets): code, math, links and emphasis lose their marks.
import { replaceLinks, replaceReferences } from "./snippet-links.ts";

/** Puts finished text aside behind a placeholder, out of reach of the rules that follow; answers the placeholder. */
export type Hold = (text: string) => string;

/** ASCII punctuation: what a backslash escapes. */
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;
const SPACE = /^\s$/;

/** Whether a code span's text loses a space either side, as marked's: it has both and more than spaces. */
const paddedCode = (code: string) => code.startsWith(" ") && code.endsWith(" ") && /[^ ]/.test(code);

/** Backtick runs of a paragraph, each with the index of the next run as long (a code span's closer), or -1. */
function backtickRuns(text: string): Map<number, { length: number; closer: number }> {
  const runs: { start: number; length: number }[] = [];
  for (const m of text.matchAll(/`+/g)) runs.push({ start: m.index, length: m[0].length });
  const byStart = new Map<number, { length: number; closer: number }>();
  const nextOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const run = runs[r] as { start: number; length: number };
    byStart.set(run.start, { length: run.length, closer: nextOfLength.get(run.length) ?? -1 });
    nextOfLength.set(run.length, run.start);
  }
  return byStart;
}

/**
 * Code spans, TeX ($…$, $$…$$, \(…\)) and backslash escapes, read left to right as marked reads them: each is
 * held as the text it shows. Within a paragraph \[ and \] are escaped brackets to the renderer (it finds \[…\]
 * only as a block: snippet-text.ts). Linear: each closer is looked for once past the last one found.
 */
function holdLiterals(text: string, hold: Hold): string {
  const runs = backtickRuns(text);
  const found = new Map<string, number>();
  const next = (needle: string, from: number): number => {
    const last = found.get(needle);
    if (last === -1 || (last !== undefined && last >= from)) return last;
    const at = text.indexOf(needle, from);
    found.set(needle, at);
    return at;
  };
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const d = text[i + 1] ?? "";
    const run = c === "`" ? runs.get(i) : undefined;
    if (run && run.closer >= 0) {
      const code = text.slice(i + run.length, run.closer).replace(/\n/g, " ");
      out += hold(paddedCode(code) ? code.slice(1, -1) : code);
      i = run.closer + run.length;
      continue;
    }
    if (run) {
      out += "`".repeat(run.length);
      i += run.length;
      continue;
    }
    if (c === "\\" && d === "(") {
      // At least one character inside, as the renderer's \(…\) takes: "\(\)" does not close at once.
      const end = next("\\)", i + 3);
      const tex = end < 0 ? "" : text.slice(i + 2, end).trim();
      if (tex) {
        out += hold(tex);
        i = end + 2;
        continue;
      }
    }
    if (c === "\\" && PUNCTUATION.test(d)) {
      out += hold(d);
      i += 2;
      continue;
    }
    if (c === "\\" && d === "\n") {
      out += "\n";
      i += 2;
      continue;
    }
    if (c === "$") {
      const end = d === "$" ? displayMathEnd(text, i) : inlineMathEnd(text, i);
      if (end > 0) {
        const width = d === "$" ? 2 : 1;
        out += hold(text.slice(i + width, end).trim());
        i = end + width;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

/** Where `$$…$$` opened at `i` closes (no `$` inside), or -1. */
function displayMathEnd(text: string, i: number): number {
  const end = text.indexOf("$", i + 2);
  return end > i + 2 && text[end + 1] === "$" && text.slice(i + 2, end).trim() ? end : -1;
}

/**
 * Where `$…$` opened at `i` closes, by Pandoc's rule (the chat screen's): no space inside either dollar, no
 * digit after the closing one, one line — "$5 and $10" is no math. -1 if it does not.
 */
function inlineMathEnd(text: string, i: number): number {
  const first = text[i + 1];
  if (first === undefined || first === "$" || SPACE.test(first)) return -1;
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === "\n") return -1;
    else if (c === "$") return !SPACE.test(text[j - 1] as string) && !/\d/.test(text[j + 1] ?? "") ? j : -1;
  }
  return -1;
}

/**
 * An address in `<>`, or a mail address: its domain holds a dot between two characters (looked for ahead, once,
 * so that a long domain without a `>` is not tried at each of its dots).
 */
const AUTOLINK = /<((?:https?|mailto|ftp):[^\s<>]*|[^\s<>@]+@(?=[^\s<>@]*[^\s<>@]\.[^\s<>@])[^\s<>@]+)>/gi;
/** A bare address, without the punctuation or emphasis marks that may close it. */
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<>]*[^\s<>*_~.,:;!?'")\]]/gi;
const STRONG = /\*\*(?=\S)((?:(?!\*\*).)*?\S)\*\*/g;
const STRONG_UNDERSCORE = /(?<![\p{L}\p{N}_])__(?=\S)((?:(?!__).)*?\S)__(?![\p{L}\p{N}_])/gu;
const STRIKE = /(~~?)(?=[^\s~])([^~\n]*?[^\s~])\1(?!~)/g;
const EMPHASIS = /\*(?=[^\s*])([^*\n]*?[^\s*])\*/g;
const EMPHASIS_UNDERSCORE = /(?<![\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/gu;

/**
 * A paragraph's inline markdown as the words a reader sees. Addresses are held as they are (no emphasis
 * inside them). What a link hides (its address, title or reference) is dropped unless `keep` says it holds a
 * word that was searched for: then it follows the label in parentheses.
 */
export function inlinePlainText(text: string, hold: Hold, keep: (text: string) => boolean): string {
  const labelled = (label: string, hidden: (string | undefined)[]) =>
    label + hidden.map((h) => (h && keep(h) ? ` (${hold(h)})` : "")).join("");
  const linked = replaceLinks(holdLiterals(text, hold), ({ bang, label, url, titles }) =>
    // A picture without a description shows its address (src/domain/chat/markdown-rules.ts).
    bang && !label ? hold(url) : labelled(label, [url, ...titles]),
  );
  return replaceReferences(linked, (label, reference) => labelled(label, [reference]))
    .replace(AUTOLINK, (_, url: string) => hold(url))
    .replace(BARE_URL, (url) => hold(url))
    .replace(STRONG, "$1")
    .replace(STRONG_UNDERSCORE, "$1")
    .replace(STRIKE, "$2")
    .replace(EMPHASIS, "$1")
    .replace(EMPHASIS_UNDERSCORE, "$1");
}
