// Just enough XML for office files: the text of elements, entity decoding, no DOM (workerd has none).

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Every element `<tag …>…</tag>` (non-nested), as its inner XML. `tag` may carry a prefix (`w:p`). */
export function elements(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${tag}>)`, "g");
  return Array.from(xml.matchAll(pattern), (m) => m[1] ?? "");
}

/** The text runs of a fragment: the inner text of every `<run>` element joined, tabs and breaks kept. */
export function runs(xml: string, run: string): string {
  const withBreaks = xml.replace(/<(?:\w+:)?(?:tab)\b[^>]*\/>/g, `<${run}>\t</${run}>`);
  return decodeEntities(elements(withBreaks, run).join(""));
}

/** Every tag stripped: the text of an HTML/XHTML/ODF fragment, block ends turned into newlines. */
export function stripTags(xml: string): string {
  return decodeEntities(
    xml
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<(?:br|\/p|\/div|\/h[1-6]|\/li|\/tr|text:line-break|text:tab)\b[^>]*>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  );
}

/** An attribute's value on the first tag matching `tag`, or undefined. */
export function attribute(xml: string, tag: string, name: string): string | undefined {
  const open = new RegExp(`<${tag}\\s[^>]*\\b${name}="([^"]*)"`).exec(xml);
  return open?.[1] === undefined ? undefined : decodeEntities(open[1]);
}
