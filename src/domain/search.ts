// Quick search (SPEC §3/§4/§9): the wire shape, how a query becomes words, escaped snippets with highlights,
// and the modal's state rules (selection bounds, months window, recent chats, grouping by chat).

/** SPEC §9: the modal lists at most this many recent chats. */
export const RECENT_CHATS = 5;
/** Results per request; "show more" asks for the next page at offset = results so far. */
export const SEARCH_PAGE_SIZE = 20;
/** A chat shows at most this many matching messages, so one long chat cannot fill the list. */
export const MESSAGES_PER_CHAT = 3;
export const SEARCH_QUERY_MAX = 200;
/** "Search older" stops after ten years. */
export const SEARCH_MONTHS_MAX = 120;
/** Words of a query beyond this are ignored (each one is an index lookup). */
export const SEARCH_WORDS_MAX = 8;
/** The typo vocabulary is checked a slice a day: every word once a month. */
export const VOCABULARY_SLICES = 30;
/** Words checked in one day's slice at most (each is a lookup in the messages' full-text index). */
export const VOCABULARY_CHECKS_PER_DAY = 50_000;
/** Today's slice of the vocabulary (UTC days). */
export const vocabularySlice = (now: Date): number =>
  Math.floor(now.getTime() / 86_400_000) % VOCABULARY_SLICES;
const WORD_MAX = 32;
const SNIPPET_LENGTH = 160;
const SNIPPET_LEAD = 50;

/** One result: a chat (its title matched, or a recent chat) or one of its messages. */
export interface SearchHitWire {
  chatId: number;
  /** Null is the built-in default assistant. */
  assistantId: number | null;
  /** The assistant's label; null for the built-in one. */
  assistant: string | null;
  title: string;
  model: string;
  /** Set when a message matched: opening the result jumps to it. */
  messageId: number | null;
  /** HTML-escaped text with the matching words in `<mark>…</mark>`; nothing else is markup. */
  snippet: string;
  /** The message's date, or the chat's updatedAt (SPEC §3: else createdAt). */
  date: string;
}

/** POST /api/search: an empty query answers the recent chats. */
export interface SearchAnswerWire {
  results: SearchHitWire[];
  hasMore: boolean;
}

export interface QueryWords {
  /** Lower-cased words, in order. */
  words: string[];
  /**
   * Per word: it follows the previous one with only punctuation between ("input.split", "n(n+1)"), so the two
   * match only next to each other; words apart (a space between) match anywhere in the message.
   */
  joined: boolean[];
  /** The last word is still being typed (the query ends in it): it matches as a prefix. */
  prefix: boolean;
  /** The query holds punctuation: messages holding it as typed ("c++", "split(") come before the others. */
  literal: boolean;
}

// A word is a run of letters and decimal digits. The database indexes messages split the same way (anything else
// read as a space: hot.search_text, migration 0021), so code and identifiers ("input.split", "foo_bar.baz()")
// are found by their parts.
const WORD = /[\p{L}\p{Nd}]+/gu;
const PUNCTUATION = /[^\p{L}\p{Nd}\s]/u;

/**
 * Splits what the user typed into the words searched for. A word is finished once something follows it (a
 * space or punctuation): only a query ending in a word searches it as a prefix.
 */
export function queryWords(query: string): QueryWords {
  const words: string[] = [];
  const joined: boolean[] = [];
  const lower = query.toLowerCase();
  let end = -1;
  for (const m of lower.matchAll(WORD)) {
    if (words.length === SEARCH_WORDS_MAX) break;
    words.push(m[0].slice(0, WORD_MAX));
    joined.push(end >= 0 && !/\s/u.test(lower.slice(end, m.index)));
    end = m.index + m[0].length;
  }
  return {
    words,
    joined,
    prefix: words.length > 0 && /[\p{L}\p{Nd}]$/u.test(query),
    literal: words.length > 0 && PUNCTUATION.test(query),
  };
}

/** One query word as the statement takes it: its `to_tsquery` operand and the operator before it. */
export interface QueryTerm {
  w: string;
  q: string;
  /** "" for the first word; "<->" (next to the previous word) for a joined one; else "&". */
  op: "" | " & " | " <-> ";
}

/** The words of a query as `to_tsquery` operands: the last one a prefix while typed, joined ones adjacent. */
export const queryTerms = ({ words, joined, prefix }: QueryWords): QueryTerm[] =>
  words.map((w, i) => ({
    w,
    q: tsQueryWord(w, prefix && i === words.length - 1),
    op: i === 0 ? "" : joined[i] ? " <-> " : " & ",
  }));

/** Single-quotes one word for `to_tsquery` (a quote or backslash inside is escaped). */
export function tsQueryWord(word: string, prefix: boolean): string {
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}

/** A LIKE pattern finding `text` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The words to highlight for a query (`highlightTerms`): the one still being typed marked with a trailing
 * `*`, as the search took it as a prefix; the others, and the typo vocabulary's alternatives, are whole words.
 */
export const highlightTerms = (asked: QueryWords, alternatives: readonly string[] = []): string[] => [
  ...asked.words.map((w, i) => (asked.prefix && i === asked.words.length - 1 ? `${w}*` : w)),
  ...alternatives,
];

/** A term as matching reads it: its word, and whether the search took it as a prefix (a trailing `*`). */
interface Term {
  word: string;
  prefix: boolean;
}

const termOf = (term: string): Term =>
  term.endsWith("*") ? { word: term.slice(0, -1), prefix: true } : { word: term, prefix: false };

/** Whether a lowercased word is the term's word, the same stem, or begins it for a prefix. */
function matchesLowered(w: string, { word: t, prefix }: Term): boolean {
  if (prefix ? w.startsWith(t) : w === t) return true;
  const shorter = Math.min(w.length, t.length);
  return shorter >= 3 && commonPrefix(w, t) >= Math.max(3, shorter - 2);
}

/**
 * Whether a word of a message is one the search matched: the word itself or the same stem, and any word
 * it begins for a term being typed (`run*`). A finished short word ("c" of "c++") marks no "call".
 */
export const matchesTerm = (word: string, term: string): boolean =>
  matchesLowered(word.toLowerCase(), termOf(term));

/**
 * Whether a word is one the search matched, for any of `terms`, read once for all the words asked about:
 * read again for each word and term, they took most of the time of a long message's search.
 */
export function termMatcher(terms: readonly string[]): (word: string) => boolean {
  const read = terms.map(termOf).filter((term) => term.word.length > 0);
  return (word) => {
    const w = word.toLowerCase();
    return read.some((term) => matchesLowered(w, term));
  };
}

/** Where the first word of `text` the search matched starts, or -1. */
export function firstMatchAt(text: string, terms: readonly string[]): number {
  const matches = termMatcher(terms);
  for (const m of text.matchAll(WORD)) if (matches(m[0])) return m.index;
  return -1;
}

/** Whether any word of `text` is one the search matched. */
export const containsMatch = (text: string, terms: readonly string[]): boolean =>
  firstMatchAt(text, terms) >= 0;

/**
 * A short passage of `text` around the first matching word, HTML-escaped, matches wrapped in `<mark>`.
 * Safe to put into HTML as is: only the marks are markup, whatever the message contained.
 */
export function buildSnippet(text: string, terms: readonly string[]): string {
  const tokens = [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    word: m[0],
  }));
  const isHit = termMatcher(terms);
  const first = tokens.find((t) => isHit(t.word));
  let start = first ? Math.max(0, first.start - SNIPPET_LEAD) : 0;
  // Start on a word, not inside one.
  if (start > 0) start = tokens.find((t) => t.start >= start)?.start ?? start;
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  let out = start > 0 ? "…" : "";
  let at = start;
  const plain = (s: string) => escapeHtml(s.replace(/\s+/g, " "));
  for (const t of tokens) {
    if (t.start < start || t.end > end) continue;
    if (!isHit(t.word)) continue;
    out += `${plain(text.slice(at, t.start))}<mark>${escapeHtml(t.word)}</mark>`;
    at = t.end;
  }
  out += plain(text.slice(at, end));
  return end < text.length ? `${out.trimEnd()}…` : out;
}

const DECODE: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => DECODE[e] ?? e);

/** A snippet as text parts for rendering without HTML: marked parts are the matches. */
export function snippetParts(snippet: string): { text: string; mark: boolean }[] {
  return snippet
    .split(/(<mark>.*?<\/mark>)/)
    .filter((part) => part !== "")
    .map((part) =>
      part.startsWith("<mark>")
        ? { text: decode(part.slice(6, -7)), mark: true }
        : { text: decode(part), mark: false },
    );
}

// SPEC §4 quick-search state rules.

/** ArrowUp: one up, never below 0. */
export const selectPrevious = (index: number): number => Math.max(0, index - 1);
/** ArrowDown: one down, up to `max` (the last option's index). */
export const selectNext = (index: number, max: number): number => Math.max(0, Math.min(max, index + 1));
/** The keys whose default action the modal prevents (SPEC §4). */
export const HANDLED_KEYS: readonly string[] = ["Enter", "ArrowUp", "ArrowDown"];
/** numberOfMonthes starts at 1; "search older" adds one. */
export const FIRST_MONTHS = 1;
export const olderMonths = (months: number): number => Math.min(SEARCH_MONTHS_MAX, months + 1);

/** A new (or newly active) chat goes to the front of the recent list, cut to the 5 newest. */
export function withRecentChat(recent: readonly SearchHitWire[], chat: SearchHitWire): SearchHitWire[] {
  return [chat, ...recent.filter((c) => c.chatId !== chat.chatId)].slice(0, RECENT_CHATS);
}

const hitKey = (hit: SearchHitWire) => `${hit.chatId}:${hit.messageId ?? "chat"}`;

/** The next page appended, without repeating a result already shown. */
export function appendResults(
  shown: readonly SearchHitWire[],
  page: readonly SearchHitWire[],
): SearchHitWire[] {
  const seen = new Set(shown.map(hitKey));
  return [...shown, ...page.filter((hit) => !seen.has(hitKey(hit)))];
}

export interface SearchGroup {
  chatId: number;
  title: string;
  assistant: string | null;
  model: string;
  date: string;
  /** Each with its position in the keyboard order (`index`). */
  hits: { hit: SearchHitWire; index: number }[];
}

/** Results grouped by chat, in order of each chat's first result; `index` runs through the groups in order. */
export function groupByChat(results: readonly SearchHitWire[]): SearchGroup[] {
  const groups = new Map<number, SearchGroup>();
  for (const hit of results) {
    let group = groups.get(hit.chatId);
    if (!group) {
      group = {
        chatId: hit.chatId,
        title: hit.title,
        assistant: hit.assistant,
        model: hit.model,
        date: hit.date,
        hits: [],
      };
      groups.set(hit.chatId, group);
    }
    group.hits.push({ hit, index: 0 });
  }
  let index = 0;
  const ordered = [...groups.values()];
  for (const group of ordered) for (const entry of group.hits) entry.index = index++;
  return ordered;
}

/** Where a result leads: the chat under its assistant (SPEC §3 recent entry "to"). */
export function chatPath(hit: Pick<SearchHitWire, "assistantId" | "chatId">): string {
  return `/app/a/${hit.assistantId ?? "default"}/c/${hit.chatId}`;
}
