// A flat stylesheet cut to the rules a page's markup can use: KaTeX's 30 KB for the few classes of its formulas.

/** The classes the markup's class attributes name. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? "").split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** A top-level rule: an at-rule kept whole, or a style rule's selectors and body. */
type Rule = { at: string } | { selectors: string[]; body: string };

let parsed: { css: string; rules: Rule[] } | null = null;

/** A selector list's selectors: split at its commas, not at those inside parentheses (`:is(.a, .b)`). */
function selectorList(head: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === "(") depth++;
    else if (head[i] === ")") depth--;
    else if (head[i] === "," && depth === 0) {
      selectors.push(head.slice(from, i));
      from = i + 1;
    }
  }
  return [...selectors, head.slice(from)];
}

/**
 * The stylesheet's top-level rules, read past strings and comments. Null when a style rule holds a block of its
 * own (nesting) or the braces do not balance: such a sheet is kept whole. The last one read is kept: every page
 * of an isolate brings the same sheet.
 */
function rulesOf(css: string): Rule[] | null {
  if (parsed?.css === css) return parsed.rules;
  const rules: Rule[] = [];
  let start = 0;
  let open = -1;
  let depth = 0;
  let nested = false;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === "\\") i++;
    } else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      if (end < 0) return null;
      i = end + 1;
    } else if (c === "{") {
      if (depth === 0) open = i;
      else nested = true;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth < 0) return null;
      if (depth > 0) continue;
      const head = css.slice(start, open).trim();
      if (head.startsWith("@")) rules.push({ at: css.slice(start, i + 1).trim() });
      else if (nested) return null;
      else rules.push({ selectors: selectorList(head), body: css.slice(open + 1, i) });
      start = i + 1;
      nested = false;
    }
  }
  if (depth !== 0 || css.slice(start).trim()) return null;
  parsed = { css, rules };
  return rules;
}

/**
 * Whether a selector can match in markup holding only `classes`: every class it names is among them, except
 * those it names only to exclude (`:not(.x)`); one with another function of selectors (`:is`, `:has`…) is kept.
 */
function canMatch(selector: string, classes: ReadonlySet<string>): boolean {
  if (selector.includes("(") && !/^[^(]*(:not\([^()]*\)[^(]*)+$/.test(selector)) return true;
  const required = selector.replace(/:not\([^()]*\)/g, "");
  return [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1] ?? ""));
}

/** The family a `@font-face` rule declares, if it is one. */
const fontFaceFamily = (at: string): string | null =>
  /^@font-face\b/i.test(at) ? (/font-family:\s*(["']?)([^;"'}]+)\1/i.exec(at)?.[2]?.trim() ?? null) : null;

/**
 * The stylesheet with only the style rules (and, in a rule kept, only the selectors) that can match the markup's
 * classes, and only the fonts those rules name; other at-rules stay. A sheet it cannot read as flat rules is
 * returned whole.
 */
export function usedRules(css: string, html: string): string {
  const rules = rulesOf(css);
  if (!rules) return css;
  const classes = classesIn(html);
  // Each style rule as it is kept (empty when it goes; null for an at-rule), in the sheet's order.
  const styles = rules.map((rule) => {
    if ("at" in rule) return null;
    const selectors = rule.selectors.filter((selector) => canMatch(selector, classes));
    return selectors.length > 0 ? `${selectors.join(",")}{${rule.body}}` : "";
  });
  const used = styles.join("");
  const named = (family: string) =>
    new RegExp(`(^|[\\s,:"'])${family.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([\\s,;"'}!]|$)`).test(used);
  // The cascade keeps its order: each rule where it stood, a font only if a kept rule names it.
  return rules
    .map((rule, i) => {
      if (!("at" in rule)) return styles[i];
      const family = fontFaceFamily(rule.at);
      return family === null || named(family) ? rule.at : "";
    })
    .join("");
}
