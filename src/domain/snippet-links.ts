// A paragraph's links for search snippets, found in one pass: `[label](address "title")` and `[label][ref]`.
//
// These were regular expressions, which tried every `[` against the text up to the next `]` (and the spaces of
// `( … )` against each other): a paragraph of brackets took seconds. Here each `]` is read once, so the work is
// linear in the text; what is found is what those expressions matched (tests/domain/snippet-links.test.ts).

/** What a link hides: its address (without `<>`) and its title in "", '' or (), as the renderer reads them. */
export interface LinkParts {
  bang: string;
  label: string;
  url: string;
  titles: [string | undefined, string | undefined, string | undefined];
}

/** For each index, the first `]` or line break at or after it (the end of a label), or the text's length. */
function labelEnds(text: string): Int32Array {
  const ends = new Int32Array(text.length + 1);
  ends[text.length] = text.length;
  for (let i = text.length - 1; i >= 0; i--) {
    ends[i] = text[i] === "]" || text[i] === "\n" ? i : (ends[i + 1] as number);
  }
  return ends;
}

const BLANK = /[ \t]/;
/** A character an address holds outside parentheses. */
const ADDRESS = /[^()\s<>]/;
/** A character inside an address's parentheses. */
const PARENTHESIZED = /[^()\s]/;

function skip(text: string, from: number, chars: RegExp): number {
  let i = from;
  while (i < text.length && chars.test(text[i] as string)) i++;
  return i;
}

/** Where an address starting at `from` ends: characters, and parentheses holding no space or parenthesis. */
function addressEnd(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === "(") {
      const close = skip(text, i + 1, PARENTHESIZED);
      if (text[close] !== ")") return i;
      i = close + 1;
    } else if (c !== undefined && ADDRESS.test(c)) i++;
    else return i;
  }
}

/** Per way of quoting a title: its closer, what it holds, and its slot among the titles. */
const TITLES: Record<string, { close: string; inside: RegExp; slot: number }> = {
  '"': { close: '"', inside: /[^"\n]/, slot: 0 },
  "'": { close: "'", inside: /[^'\n]/, slot: 1 },
  "(": { close: ")", inside: /[^()\n]/, slot: 2 },
};

type Titles = LinkParts["titles"];

/** A title opening at `from` (in "", '' or ()), then blanks and the link's `)`: its slot and where it ends. */
function titleThenClose(text: string, from: number): { titles: Titles; end: number } | null {
  const quote = TITLES[text[from] ?? ""];
  if (!quote) return null;
  const close = skip(text, from + 1, quote.inside);
  if (text[close] !== quote.close) return null;
  const end = skip(text, close + 1, BLANK);
  if (text[end] !== ")") return null;
  const titles: Titles = [undefined, undefined, undefined];
  titles[quote.slot] = text.slice(from + 1, close);
  return { titles, end: end + 1 };
}

/** What follows a link's `](` at `from`, up to its `)`: the address and title, and where the link ends. */
function linkTail(text: string, from: number): { url: string; titles: Titles; end: number } | null {
  const first = skip(text, from, BLANK);
  const start = text[first] === "<" ? first + 1 : first;
  const stop = addressEnd(text, start);
  const url = text.slice(start, stop);
  const after = text[stop] === ">" ? stop + 1 : stop;
  const blanks = skip(text, after, BLANK);
  const titled = blanks > after ? titleThenClose(text, blanks) : null;
  if (titled) return { url, ...titled };
  if (text[blanks] === ")") return { url, titles: [undefined, undefined, undefined], end: blanks + 1 };
  // Read as no address at all, the blanks after `(` may lead to a title: `[a]( "t x")`.
  const bare = first > from ? titleThenClose(text, first) : null;
  return bare && { url: "", ...bare };
}

/** `text` with each link `[label](address "title")`, or picture `![alt](…)`, replaced by `replace`'s answer. */
export function replaceLinks(text: string, replace: (link: LinkParts) => string): string {
  const ends = labelEnds(text);
  const tails = new Map<number, ReturnType<typeof linkTail>>();
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const bang = text[i] === "!" && text[i + 1] === "[" ? "!" : "";
    const open = i + bang.length;
    if (text[open] !== "[") continue;
    const close = ends[open + 1] as number;
    if (text[close] !== "]" || text[close + 1] !== "(") continue;
    if (!tails.has(close)) tails.set(close, linkTail(text, close + 2));
    const tail = tails.get(close);
    if (!tail) continue;
    out += text.slice(copied, i) + replace({ bang, label: text.slice(open + 1, close), ...tail });
    copied = tail.end;
    i = tail.end - 1;
  }
  return out + text.slice(copied);
}

/** `text` with each reference link `[label][ref]` (or picture `![alt][ref]`) replaced by `replace`'s answer. */
export function replaceReferences(
  text: string,
  replace: (label: string, reference: string) => string,
): string {
  const ends = labelEnds(text);
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const open = text[i] === "!" && text[i + 1] === "[" ? i + 1 : i;
    if (text[open] !== "[") continue;
    const close = ends[open + 1] as number;
    if (close === open + 1 || text[close] !== "]" || text[close + 1] !== "[") continue;
    const end = ends[close + 2] as number;
    if (text[end] !== "]") continue;
    out += text.slice(copied, i) + replace(text.slice(open + 1, close), text.slice(close + 2, end));
    copied = end + 1;
    i = end;
  }
  return out + text.slice(copied);
}
