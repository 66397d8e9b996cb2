// KaTeX's stylesheet from the build's assets, for the pages the Worker writes with math typeset in them (an
// open chat's first frame, a shared chat): inline, so the page paints its formulas with no request of its own.
import { mathStylesheet, parseRoutePlan } from "../domain/route-preload";
import { usedRules } from "../domain/used-css";

/** CSS that can go inside a <style> element as it is (nothing in it could end the element), else null. */
export const inlinable = (css: string | null): string | null =>
  css !== null && !css.includes("</") ? css : null;

/**
 * The style element for a page's typeset math: KaTeX's stylesheet inline (`attributes` on the element), cut to
 * the rules and fonts the page's formulas (`math`, their markup) can use — ~4–8 KB of its 25, which the browser
 * parses and matches before the page's first paint —, or without one that can be inlined, a rule hiding KaTeX's
 * HTML under `scope`, so that the formulas' MathML alone shows (it lays out without a stylesheet or fonts).
 */
export function katexStyleElement(
  css: string | null,
  math: string,
  { scope = "", attributes = "" }: { scope?: string; attributes?: string } = {},
): string {
  const inline = inlinable(css);
  return inline === null
    ? `<style>${scope}.katex-html{display:none}</style>`
    : `<style${attributes}>${usedRules(inline, math)}</style>`;
}

/** A stylesheet of the build's assets as text, or null (no such file, or not CSS). */
export const assetStylesheet =
  (assets: Fetcher | undefined, base: string) =>
  async (href: string): Promise<string | null> => {
    if (!assets) return null;
    const res = await assets.fetch(new Request(new URL(href, base)));
    return res.ok && res.headers.get("Content-Type")?.startsWith("text/css") ? res.text() : null;
  };

/**
 * KaTeX's stylesheet as the build names it in the SPA page's route plan, or null: under vite's dev server (no
 * plan) and in the Worker tests' pool (no assets) a page sets its math as MathML alone.
 */
export async function katexStylesheet(assets: Fetcher | undefined, base: string): Promise<string | null> {
  if (!assets) return null;
  const page = await assets.fetch(new Request(new URL("/app", base), { headers: { Accept: "text/html" } }));
  if (!page.ok) return null;
  let plan = "";
  await new HTMLRewriter()
    .on('meta[name="route-preload"]', {
      element(el) {
        plan = el.getAttribute("content") ?? "";
      },
    })
    .transform(page)
    .arrayBuffer();
  const href = mathStylesheet(parseRoutePlan(plan));
  return href ? assetStylesheet(assets, base)(href) : null;
}
