// The first loads of a page, as index.html's <meta name="route-preload"> lists them (written by the build,
// scripts/lib/route-chunks.ts), matched as the boot script (public/theme-boot.js) matches them.
import { normalizePath } from "./app-routes.ts";
import { splitLocalePath } from "./locale-routing.ts";

/**
 * A page's pattern, the index of its list of files, its first reads (url and body templates), and the
 * namespaces of catalogue it shows first (src/domain/early-requests.ts, firstNamespaces).
 */
export type RoutePlanEntry = [pattern: string, list: number, reads: string[][], texts?: string[]];

export interface RoutePlan {
  routes: RoutePlanEntry[];
  lists: string[][];
  /**
   * For each locale, the index in `lists` of each first-screen catalogue's files: the entry asks for them
   * once it has run, one round trip after the page.
   */
  catalogues?: Record<string, Record<string, number>>;
  /** KaTeX's stylesheet (the math renderer's chunk's): an open chat's first frame typesets as the app does. */
  mathStyles?: string;
}

/** The meta's content attribute as the build writes it: JSON, with `&` and `"` as entities. */
export function encodeRoutePlan(plan: RoutePlan): string {
  return JSON.stringify(plan).replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}

/** The plan in the meta's content attribute as written (an HTML rewriter does not decode it), or null. */
export function parseRoutePlan(attribute: string): RoutePlan | null {
  let value: unknown;
  try {
    value = JSON.parse(attribute.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  } catch {
    return null;
  }
  const plan = value as Partial<RoutePlan> | null;
  if (!plan || !Array.isArray(plan.routes) || !Array.isArray(plan.lists)) return null;
  return plan as RoutePlan;
}

/** The path the plan's patterns are written for: no locale prefix, no trailing slash. */
export function planPath(pathname: string): string {
  return normalizePath(splitLocalePath(pathname).path);
}

/** Only our own assets: the tags are written into the page. */
const ownAssets = (files: unknown): string[] =>
  Array.isArray(files)
    ? files.filter((file): file is string => /^\/assets\/[\w.-]+\.(?:js|css)$/.test(String(file)))
    : [];

/** The plan's entry for the page at this address (the first pattern it matches), if any. */
const routeOf = (plan: RoutePlan, pathname: string): RoutePlanEntry | undefined => {
  const path = planPath(pathname);
  return plan.routes.find(([pattern]) => new RegExp(pattern).test(path));
};

/** The scripts and styles the page at this address loads first; none for an address the plan lacks. */
export function routeFiles(plan: RoutePlan, pathname: string): string[] {
  const route = routeOf(plan, pathname);
  return route ? ownAssets(plan.lists[route[1]]) : [];
}

/** The plan's KaTeX stylesheet, if it names one of our own. */
export const mathStylesheet = (plan: RoutePlan | null): string | null =>
  plan?.mathStyles && /^\/assets\/[\w.-]+\.css$/.test(plan.mathStyles) ? plan.mathStyles : null;

/** The catalogues the page at this address shows first in `locale`, as its entry will ask for them. */
export function catalogueFiles(plan: RoutePlan, pathname: string, locale: string): string[] {
  const lists = Object.hasOwn(plan.catalogues ?? {}, locale) ? plan.catalogues?.[locale] : undefined;
  if (!lists || typeof lists !== "object") return [];
  const route = routeOf(plan, pathname);
  const texts = Array.isArray(route?.[3]) ? route[3] : [];
  const files = texts.flatMap((ns) =>
    Object.hasOwn(lists, ns) ? ownAssets(plan.lists[lists[ns] ?? -1]) : [],
  );
  return [...new Set(files)];
}

/**
 * The link tags that preload them, as the entry's own loader asks for them (a module preload for a script, a
 * style preload for a sheet, both CORS), so that it finds them already on their way. `low`: behind what the
 * page's first paint needs (its own stylesheet and entry script), where that paint does not wait for more of
 * the page to arrive.
 */
export function preloadTags(files: readonly string[], { low = false }: { low?: boolean } = {}): string {
  const priority = low ? ' fetchpriority="low"' : "";
  return files
    .map((file) =>
      file.endsWith(".css")
        ? `<link rel="preload" as="style" crossorigin${priority} href="${file}">`
        : `<link rel="modulepreload" crossorigin${priority} href="${file}">`,
    )
    .join("");
}
