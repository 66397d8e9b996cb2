// Quick-search rules: query words, tsquery quoting, snippets (escaped, highlighted), and SPEC §4's state rules.
import { describe, expect, it } from "vitest";
import {
  appendResults,
  buildSnippet,
  chatPath,
  containsPattern,
  groupByChat,
  matchesTerm,
  olderMonths,
  queryTerms,
  queryWords,
  RECENT_CHATS,
  SEARCH_MONTHS_MAX,
  type SearchHitWire,
  selectNext,
  selectPrevious,
  snippetParts,
  tsQueryWord,
  VOCABULARY_SLICES,
  vocabularySlice,
  withRecentChat,
} from "../../src/domain/search";

const hit = (chatId: number, messageId: number | null = null): SearchHitWire => ({
  chatId,
  assistantId: null,
  assistant: null,
  title: `Chat ${chatId}`,
  model: "test",
  messageId,
  snippet: "",
  date: "2026-11-01T00:00:00.000Z",
});

describe("queryWords", () => {
  const no = false;
  const yes = true;
  it.each([
    ["Hello World", { words: ["hello", "world"], joined: [no, no], prefix: yes, literal: no }],
    ["hello world ", { words: ["hello", "world"], joined: [no, no], prefix: no, literal: no }],
    ["  ", { words: [], joined: [], prefix: no, literal: no }],
    // Punctuation only: no word to look for.
    ["#", { words: [], joined: [], prefix: no, literal: no }],
    [" ?! ", { words: [], joined: [], prefix: no, literal: no }],
    // Code: words joined by punctuation are searched side by side; punctuation after a word ends it.
    ["input.split", { words: ["input", "split"], joined: [no, yes], prefix: yes, literal: yes }],
    ["split(", { words: ["split"], joined: [no], prefix: no, literal: yes }],
    ["foo_bar.baz()", { words: ["foo", "bar", "baz"], joined: [no, yes, yes], prefix: no, literal: yes }],
    ["n(n+1)", { words: ["n", "n", "1"], joined: [no, yes, yes], prefix: no, literal: yes }],
    ["c++ code", { words: ["c", "code"], joined: [no, no], prefix: yes, literal: yes }],
    ["x = a.b", { words: ["x", "a", "b"], joined: [no, no, yes], prefix: yes, literal: yes }],
    ["l’été", { words: ["l", "été"], joined: [no, yes], prefix: yes, literal: yes }],
    [
      "C'est l'été!",
      { words: ["c", "est", "l", "été"], joined: [no, yes, no, yes], prefix: no, literal: yes },
    ],
    [
      "<script>alert(1)</script>",
      {
        words: ["script", "alert", "1", "script"],
        joined: [no, yes, yes, yes],
        prefix: no,
        literal: yes,
      },
    ],
    [
      "a b c d e f g h i j",
      {
        words: ["a", "b", "c", "d", "e", "f", "g", "h"],
        joined: Array(8).fill(no),
        prefix: yes,
        literal: no,
      },
    ],
  ])("%j", (query, expected) => {
    expect(queryWords(query)).toEqual(expected);
  });

  it("cuts a very long word to 32 characters", () => {
    expect(queryWords("x".repeat(50)).words).toEqual(["x".repeat(32)]);
  });
});

describe("queryTerms", () => {
  it.each([
    ["word", [{ w: "word", q: "'word':*", op: "" }]],
    [
      "input.split",
      [
        { w: "input", q: "'input'", op: "" },
        { w: "split", q: "'split':*", op: " <-> " },
      ],
    ],
    [
      "it's done ",
      [
        { w: "it", q: "'it'", op: "" },
        { w: "s", q: "'s'", op: " <-> " },
        { w: "done", q: "'done'", op: " & " },
      ],
    ],
    ["split(", [{ w: "split", q: "'split'", op: "" }]],
  ])("%s", (query, terms) => {
    expect(queryTerms(queryWords(query))).toEqual(terms);
  });
});

describe("tsQueryWord and containsPattern", () => {
  it.each([
    ["word", false, "'word'"],
    ["word", true, "'word':*"],
    ["it's", false, "'it''s'"],
    ["back\\slash", true, "'back\\\\slash':*"],
  ])("%s (prefix %s) → %s", (word, prefix, quoted) => {
    expect(tsQueryWord(word, prefix)).toBe(quoted);
  });

  it("takes % _ and \\ literally in LIKE", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("matchesTerm", () => {
  it.each([
    ["Running", "run", true],
    ["running", "runs", true],
    ["cat", "car", false],
    ["index", "indexes", true],
    ["be", "bee", false],
    // A finished word marks itself and its stems only; the word being typed (`*`) any word it begins.
    ["call", "c", false],
    ["C", "c", true],
    ["call", "c*", true],
    ["json", "js", false],
    ["json", "js*", true],
    ["splitting", "split", true],
  ])("%s ~ %s: %s", (word, term, expected) => {
    expect(matchesTerm(word, term)).toBe(expected);
  });
});

describe("buildSnippet", () => {
  it("marks every match and escapes the rest", () => {
    expect(buildSnippet('Use <b>grep</b> & "grep -r"', ["grep"])).toBe(
      "Use &lt;b&gt;<mark>grep</mark>&lt;/b&gt; &amp; &quot;<mark>grep</mark> -r&quot;",
    );
  });

  it("starts shortly before the first match in a long text and marks the cuts", () => {
    const text = `${"filler words here ".repeat(20)}the needle is here${" and more text after".repeat(20)}`;
    const snippet = buildSnippet(text, ["needle"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("the <mark>needle</mark> is here");
    expect(snippet.length).toBeLessThan(200);
  });

  it("collapses whitespace and shows the start when nothing matches (a title hit by typo)", () => {
    expect(buildSnippet("line one\n\n  line two", ["zzz"])).toBe("line one line two");
  });

  it("round-trips through snippetParts as plain text, with no markup but the marks", () => {
    const snippet = buildSnippet('<img onerror="x"> find me', ["find"]);
    expect(snippetParts(snippet)).toEqual([
      { text: '<img onerror="x"> ', mark: false },
      { text: "find", mark: true },
      { text: " me", mark: false },
    ]);
  });
});

describe("SPEC §4 state rules", () => {
  it("moves the selection within bounds", () => {
    expect(selectPrevious(0)).toBe(0);
    expect(selectPrevious(3)).toBe(2);
    expect(selectNext(2, 4)).toBe(3);
    expect(selectNext(4, 4)).toBe(4);
    expect(selectNext(0, -1)).toBe(0);
  });

  it("widens the window month by month, up to ten years", () => {
    expect(olderMonths(1)).toBe(2);
    expect(olderMonths(SEARCH_MONTHS_MAX)).toBe(SEARCH_MONTHS_MAX);
  });

  it("puts a new chat in front of the recent list, once, cut to 5", () => {
    const recent = [1, 2, 3, 4, 5].map((id) => hit(id));
    expect(withRecentChat(recent, hit(9)).map((c) => c.chatId)).toEqual([9, 1, 2, 3, 4]);
    expect(withRecentChat(recent, hit(3)).map((c) => c.chatId)).toEqual([3, 1, 2, 4, 5]);
    expect(withRecentChat([], hit(7))).toHaveLength(1);
    expect(RECENT_CHATS).toBe(5);
  });

  it("appends a page without repeating results", () => {
    expect(appendResults([hit(1, 10), hit(2)], [hit(1, 10), hit(1, 11)])).toEqual([
      hit(1, 10),
      hit(2),
      hit(1, 11),
    ]);
  });

  it("groups by chat in order of first appearance, numbering options in display order", () => {
    const groups = groupByChat([hit(1, 10), hit(2, 20), hit(1, 11)]);
    expect(groups.map((g) => [g.chatId, g.hits.map((h) => [h.hit.messageId, h.index])])).toEqual([
      [
        1,
        [
          [10, 0],
          [11, 1],
        ],
      ],
      [2, [[20, 2]]],
    ]);
  });

  it("links to the chat under its assistant", () => {
    expect(chatPath({ assistantId: null, chatId: 4 })).toBe("/app/a/default/c/4");
    expect(chatPath({ assistantId: 7, chatId: 4 })).toBe("/app/a/7/c/4");
  });
});

describe("vocabularySlice", () => {
  it.each([
    ["1970-01-01T00:00:00Z", 0],
    ["1970-01-30T23:59:59Z", 29],
    ["1970-01-31T00:00:00Z", 0],
    ["2026-11-26T03:17:00Z", Math.floor(Date.UTC(2026, 10, 26) / 86_400_000) % VOCABULARY_SLICES],
  ])("%s is slice %i", (at, slice) => {
    expect(vocabularySlice(new Date(at))).toBe(slice);
  });
});
