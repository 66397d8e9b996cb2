// Display math in a message's markdown, found where the renderer finds it (chat/markdown-math.ts): as a block.

/** A line opening display math, behind its quote and list marks. */
const DISPLAY_OPEN = /^[ \t]*(\$\$|\\\[)/;
/** A line closing it: its closer, then nothing but spaces. */
const DISPLAY_CLOSE: Record<string, RegExp> = { $$: /\$\$[ \t]*$/, "\\[": /\\\][ \t]*$/ };

/** For each line, the first line from it on that `close` matches, or -1: one pass from the end. */
function nextMatching(lines: readonly string[], close: RegExp): number[] {
  const next: number[] = [];
  for (let i = lines.length - 1, at = -1; i >= 0; i--) {
    if (close.test(lines[i] as string)) at = i;
    next[i] = at;
  }
  return next;
}

/** Display math read from a block's first line: its TeX, and the index of its last line. */
export interface DisplayMath {
  tex: string;
  last: number;
}

/**
 * A reader of the display math (`$$…$$`, `\[…\]`) that a block's first line (`body`, line `index` of `lines`
 * behind its marks) opens, as the renderer reads it: up to the first line that ends in its closer, past at
 * least one character; blank lines and markdown inside are TeX, a quote's marks are not. Null if it opens
 * none. Linear over all its calls: where each closer ends a line is found once.
 */
export function displayMathReader(
  lines: readonly string[],
  unquote: (line: string) => string,
): (body: string, index: number, quoted: boolean) => DisplayMath | null {
  const closers = new Map<string, number[]>();
  return (body, index, quoted) => {
    const open = DISPLAY_OPEN.exec(body);
    const mark = open?.[1];
    const close = mark && DISPLAY_CLOSE[mark];
    if (!open || !mark || !close) return null;
    const rest = body.slice(open[0].length);
    const here = close.exec(rest);
    let tex = rest.slice(0, here?.index);
    let last = index;
    if (!here || here.index === 0) {
      const next = closers.get(mark) ?? nextMatching(lines, close);
      closers.set(mark, next);
      last = next[index + 1] ?? -1;
      if (last < 0) return null;
      const inner = lines.slice(index + 1, last + 1).map((line) => (quoted ? unquote(line) : line));
      const end = inner.pop() ?? "";
      tex = [rest, ...inner, end.slice(0, close.exec(end)?.index)].join("\n");
    }
    return tex.trim() ? { tex: tex.trim(), last } : null;
  };
}
