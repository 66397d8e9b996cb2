// Finding a search's words in a long message reads the query's terms once, not at each word and term: a
// 100 KB message with ten terms took ~20 ms a search result, most of it re-reading the terms.
import { describe, expect, it } from "vitest";
import { firstMatchAt, matchesTerm, termMatcher } from "../../src/domain/search";

/** How the terms were read for each word before (its `*` taken off by an expression each time). */
const before = (word: string, terms: readonly string[]) =>
  terms.some((term) => term.replace(/\*$/, "").length > 0 && matchesTerm(word, term));

describe("termMatcher", () => {
  it.each<[string, string[], boolean]>([
    ["a word", ["word"], true],
    ["its stem", ["words"], true],
    ["another word", ["cat"], false],
    ["a prefix being typed", ["wo*"], true],
    ["a lone star matches nothing", ["*"], false],
    ["an empty term matches nothing", [""], false],
    ["a term of stars keeps all but the last", ["**"], false],
    ["any of several", ["cat", "wor*"], true],
  ])("%s", (_label, terms, expected) => {
    expect(termMatcher(terms)("Word")).toBe(expected);
  });

  it("matches as each term read for each word did", () => {
    const words = ["Word", "words", "wo", "w", "Über", "über", "runs", "running", "c", "call", "x*"];
    const terms = ["word", "wo*", "*", "", "**", "über", "run", "runn*", "c", "c*", "WORD", "x*"];
    for (const word of words)
      for (const a of terms)
        for (const b of terms)
          expect(termMatcher([a, b])(word), `${word} ~ ${a}, ${b}`).toBe(before(word, [a, b]));
  });
});

describe("firstMatchAt on a long message", () => {
  const words = ["Lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "élite", "42", "x"];
  let text = "";
  for (let i = 0; text.length < 100_000; i++) text += `${words[i % words.length]} `;
  const terms = [
    "alpha",
    "betamax",
    "gamma*",
    "deltas",
    "epsilon",
    "zetas",
    "etas",
    "thetas",
    "iota*",
    "kappa",
  ];
  const time = (work: () => void) => {
    const start = performance.now();
    work();
    return performance.now() - start;
  };
  /**
   * The fastest run of each, the two taken in turns: a moment the machine is busy with something else (the
   * suite's other files) slows both alike, where timing one seven times and then the other did not.
   */
  const fastestInTurns = (a: () => void, b: () => void): [number, number] => {
    let [fastestA, fastestB] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let run = 0; run < 11; run++) {
      fastestA = Math.min(fastestA, time(a));
      fastestB = Math.min(fastestB, time(b));
    }
    return [fastestA, fastestB];
  };

  it("finds nothing in time close to reading its words", () => {
    expect(firstMatchAt(text, terms)).toBe(-1);
    expect(firstMatchAt(`${text} Gammas`, terms)).toBe(text.length + 1);
    // The words read and lowercased alone, on this machine now: the terms read at each word took ten times that.
    const [reading, finding] = fastestInTurns(
      () => {
        for (const m of text.matchAll(/[\p{L}\p{Nd}]+/gu)) if (m[0].toLowerCase() === "-") break;
      },
      () => firstMatchAt(text, terms),
    );
    expect(finding).toBeLessThan(5 * reading);
  });
});
