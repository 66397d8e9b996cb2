// A check that some work on a text grows with the text, not its square, robust to slow and busy machines
// (the approach of snippet-text-speed.test.ts): a generous bound on 100 KB, then, only if that took long
// enough to measure, the growth from a quarter of the text to all of it.
import { expect } from "vitest";

/** `pattern` repeated to `length` characters. */
export const repeat = (pattern: string, length: number): string =>
  pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

export const SIZE = 100_000;
/** Linear work on 100 KB takes tens of milliseconds; at most this it needs no second look. */
const FAST_MS = 100;
/** Four times the text takes four times as long when linear, sixteen when quadratic. */
const GROWTH = 10;

function elapsed(work: (text: string) => unknown, text: string): number {
  const start = performance.now();
  work(text);
  return performance.now() - start;
}

/**
 * Expects `work` on `make(SIZE)` to take under `hardMs` (what no machine takes merely by being slow), and to
 * grow about linearly from `make(SIZE / 4)`.
 */
export function expectLinear(
  work: (text: string) => unknown,
  make: (length: number) => string,
  hardMs: number,
) {
  const large = make(SIZE);
  const first = elapsed(work, large);
  expect(first).toBeLessThan(hardMs);
  if (first < FAST_MS) return;
  // A slow or busy machine: compare with a quarter of the text, the best of a few runs each.
  const small = make(SIZE / 4);
  const smallBest = Math.min(elapsed(work, small), elapsed(work, small), elapsed(work, small));
  const largeBest = Math.min(first, elapsed(work, large), elapsed(work, large));
  expect(largeBest).toBeLessThan(GROWTH * Math.max(smallBest, FAST_MS / GROWTH));
}
