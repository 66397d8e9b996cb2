// The announcer's reading of an answer (spokenText) grows with the answer, not its square: a heading with a
// long run of blanks, or \( after \( without a closer, took seconds to say.
import { describe, it } from "vitest";
import { spokenText } from "../../src/domain/chat/spoken-text";
import { expectLinear, repeat } from "./linear-time";

const ADVERSARIAL: [string, (length: number) => string][] = [
  ["a heading with a run of blanks", (n) => `# a${repeat(" ", n)}b`],
  ["a heading with blanks and tabs before a # in a word", (n) => `## a${repeat(" \t", n)}#b`],
  ["\\( without closers", (n) => repeat("\\( a", n)],
  ["\\( alone", (n) => repeat("\\(", n)],
];

describe("spokenText on adversarial text", () => {
  it.each(ADVERSARIAL)("%s", (_label, make) => {
    expectLinear(spokenText, make, 2_000);
  });
});
