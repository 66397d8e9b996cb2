// axe-core's audit run in a page, for the rules a journey names: each rule broken, with the elements breaking it.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const source = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeResults {
  violations: { id: string; nodes: { target: unknown[] }[] }[];
}

/**
 * `[rule, targets]` for each of `rules` the page breaks (none: `[]`), in the elements `include` selects (the
 * whole page without it). Evaluated, not added as a script tag: the app's Content-Security-Policy refuses
 * inline scripts. Experimental rules (label-content-name-mismatch) run too when named.
 */
export async function axeViolations(
  page: Page,
  rules: string[],
  include?: string[],
): Promise<[string, string[]][]> {
  await page.evaluate(await source);
  const results = await page.evaluate(
    ({ values, include }) =>
      (
        window as unknown as {
          axe: { run: (context: object, options: object) => Promise<AxeResults> };
        }
      ).axe.run(include ? { include: include.map((selector) => [selector]) } : document, {
        runOnly: { type: "rule", values },
      }),
    { values: rules, include },
  );
  return results.violations.map((rule) => [rule.id, rule.nodes.map((node) => node.target.join(" "))]);
}
