// snippetText's work grows with the text, not its square: a 100 KB paragraph of brackets once took seconds,
// past a Worker's CPU limit for a whole search (and the announcer's and shared page's text).
import { describe, expect, it } from "vitest";
import { snippetText } from "../../src/domain/snippet-text";

/** `pattern` repeated to `length` characters. */
const repeat = (pattern: string, length: number) =>
  pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

/** Backtick runs of lengths 1 to 40 in turn, each before a letter: few of them close a code span. */
function backticks(length: number): string {
  let text = "";
  for (let run = 1; text.length < length; run = (run % 40) + 1) text += `${"`".repeat(run)}a`;
  return text.slice(0, length);
}

/** Markdown that tries a reader's patterns at each of its characters, `length` characters long. */
const ADVERSARIAL: [string, (length: number) => string][] = [
  ["brackets", (n) => repeat("[", n)],
  ["brackets between words", (n) => repeat("[a ", n)],
  ["nested brackets", (n) => repeat("[", n / 2) + repeat("]", n / 2)],
  ["link openings", (n) => repeat("[a](", n)],
  ["blanks in a link's parentheses", (n) => `[a](${repeat(" ", n)}`],
  ["\\[ without closers", (n) => repeat("\\[", n)],
  ["\\( without closers", (n) => repeat("\\( a", n)],
  ["backticks of mixed lengths", backticks],
  ["a code span of words", (n) => `\` ${repeat("a ", n)}b\``],
  ["dollars", (n) => repeat("$a ", n)],
  ["stars and underscores", (n) => repeat("**a __b *c _d ", n)],
  ["pipes", (n) => repeat("|", n)],
  ["blanks before a word", (n) => `a\n${repeat(" ", n)}x`],
  ["blanks in a heading", (n) => `# a${repeat(" ", n)}b`],
  ["a mail address of many dots", (n) => `<a@${repeat("a.", n)}`],
];

const SIZE = 100_000;
/** Linear work on 100 KB takes tens of milliseconds; at most this it needs no second look. */
const FAST_MS = 100;
/** Beyond this no machine is merely slow: the old reading took 4 to 20 seconds on each of these. */
const HARD_MS = 2_000;
/** Four times the text takes four times as long when linear, sixteen when quadratic. */
const GROWTH = 10;

function elapsed(text: string): number {
  const start = performance.now();
  snippetText(text, ["a"]);
  return performance.now() - start;
}

describe("snippetText on adversarial text", () => {
  it.each(ADVERSARIAL)("%s", (_label, make) => {
    const large = make(SIZE);
    const first = elapsed(large);
    expect(first).toBeLessThan(HARD_MS);
    if (first >= FAST_MS) {
      // A slow or busy machine: compare with a quarter of the text, the best of a few runs each.
      const small = make(SIZE / 4);
      const smallBest = Math.min(elapsed(small), elapsed(small), elapsed(small));
      const largeBest = Math.min(first, elapsed(large), elapsed(large));
      expect(largeBest).toBeLessThan(GROWTH * Math.max(smallBest, FAST_MS / GROWTH));
    }
  });
});
