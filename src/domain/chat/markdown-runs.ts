// Where in its text marked asks a markdown extension. It hands a tokenizer (and its start) only what is left
// of the text it is reading, so a search from there to the text's end, made at every call, costs the square
// of the text. Following the lexer's runs (one call of blockTokens or inlineTokens reading one text to its
// end: the message, a quote's lines, a list item, a paragraph, an emphasis's words) tells each call where it
// is in its run's text, so what an extension finds in that text once serves every call in it.
import type { Lexer, Token, TokensList } from "marked";

/** One text a lexer reads to its end: every call in the run is asked about a rest of it. */
export interface Run {
  readonly text: string;
}

/** Each followed lexer's runs under way, innermost last. */
const RUNS = new WeakMap<Lexer, Run[]>();

/**
 * The run marked is reading `src` in, and where `src` starts in its text; null where marked did not call
 * (`caller` holds no lexer: a direct call), or past what the runs allow.
 */
export function runOf(caller: unknown, src: string): { run: Run; at: number } | null {
  // marked calls an extension with `this` = { lexer }; a direct call has the extension object or nothing.
  const lexer = (caller as { lexer?: Lexer } | undefined)?.lexer;
  if (!lexer) return null;
  const run = (RUNS.get(lexer) ?? follow(lexer, src)).at(-1);
  if (!run || src.length > run.text.length) return null;
  return { run, at: run.text.length - src.length };
}

/**
 * Starts following `lexer`'s runs. The run under way was started before: its text is taken as `first`, the
 * rest it was first asked about, which every later call in that run asks about a rest of (marked asks its
 * extensions first at each step of a run, so that is also its text from the start, or close to it).
 */
function follow(lexer: Lexer, first: string): Run[] {
  const runs: Run[] = [{ text: first }];
  RUNS.set(lexer, runs);
  const within = <T>(text: string, read: () => T): T => {
    runs.push({ text });
    try {
      return read();
    } finally {
      runs.pop();
    }
  };
  const { blockTokens, inlineTokens } = lexer;
  // A quote reads its lines in parts into the same tokens: each part is a run of its own text.
  lexer.blockTokens = (src: string, tokens?: TokensList, clipped?: boolean) =>
    within(src, () => blockTokens.call(lexer, src, tokens, clipped));
  lexer.inlineTokens = (src: string, tokens?: Token[]) =>
    within(src, () => inlineTokens.call(lexer, src, tokens));
  return runs;
}
