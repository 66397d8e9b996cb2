// A name people type (an assistant, a file, a chat) inside a sentence of ours: shortened, so the sentence stays.

/** Characters as a reader counts them: an emoji with its modifiers or a letter with its accents is one. */
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The name if it has at most `max` characters, else its first ones and "…" (`max` in all), never cutting a
 * character in two. Whitespace runs become one space first: a name is shown on one line.
 */
export function shortName(name: string, max: number): string {
  const flat = name.replace(/\s+/gu, " ").trim();
  const parts = Array.from(graphemes.segment(flat), (s) => s.segment);
  if (parts.length <= max) return flat;
  return `${parts
    .slice(0, Math.max(0, max - 1))
    .join("")
    .trimEnd()}…`;
}

/**
 * `text` with `name` whole (on one line) where it holds it as shortName(name, max) gave it, at its first
 * occurrence: what a tooltip over a sentence holding a shortened name says. `text` as it is without it.
 */
export function wholeName(text: string, name: string, max: number): string {
  const short = shortName(name, max);
  const at = short ? text.indexOf(short) : -1;
  if (at < 0) return text;
  return `${text.slice(0, at)}${name.replace(/\s+/gu, " ").trim()}${text.slice(at + short.length)}`;
}
