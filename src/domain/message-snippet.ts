// A message's search snippet: the markdown around its first match, as plain text, the matches highlighted.
import { buildSnippet, firstMatchAt } from "./search.ts";
import { openFenceAt, snippetText } from "./snippet-text.ts";

/**
 * Markdown kept either side of the first match, in characters: more than the snippet's 160 characters of
 * text once the marks are gone (a long link or a table takes many), and a bound on the work per result
 * whatever the message's length (up to 100,000 characters).
 */
const EXCERPT_BEFORE = 600;
const EXCERPT_AFTER = 1_500;
/** How far an excerpt may reach past its bounds to start and end with whole lines, where markdown's marks are. */
const LINE_SLACK = 1_000;

function excerptBounds(text: string, at: number): { start: number; end: number } {
  const from = Math.max(0, at - EXCERPT_BEFORE);
  const lineStart = text.lastIndexOf("\n", from - 1) + 1;
  // Inside a very long line, start after a space: never in the middle of a word.
  const space = text.slice(from, at).search(/\s/);
  const start = from - lineStart <= LINE_SLACK ? lineStart : space < 0 ? at : from + space + 1;
  const to = Math.min(text.length, at + EXCERPT_AFTER);
  const newline = text.indexOf("\n", to);
  const lineEnd = newline < 0 ? text.length : newline;
  return { start, end: lineEnd - to <= LINE_SLACK ? lineEnd : to };
}

/**
 * The snippet of a message's markdown (HTML-escaped, matches in `<mark>`, src/domain/search.ts
 * buildSnippet) read as plain text (snippetText): highlights are found in the very text shown. An excerpt
 * that starts inside a code block is read as code; one cut from a longer message says so with "…".
 */
export function messageSnippet(markdown: string, terms: readonly string[]): string {
  const { start, end } = excerptBounds(markdown, Math.max(0, firstMatchAt(markdown, terms)));
  const fence = start > 0 ? openFenceAt(markdown.slice(0, start)) : null;
  const reopen = fence ? `${fence.quoted ? ">" : ""}${fence.mark}\n` : "";
  const snippet = buildSnippet(snippetText(reopen + markdown.slice(start, end), terms), terms);
  const before = start > 0 && !snippet.startsWith("…") ? "…" : "";
  const after = end < markdown.length && !snippet.endsWith("…") ? "…" : "";
  return `${before}${snippet}${after}`;
}
