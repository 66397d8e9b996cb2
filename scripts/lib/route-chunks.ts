// A vite plugin: the client's code in a few chunks per screen instead of one per shared module. Left to
// itself, rolldown makes a chunk for every set of lazy pages that share a module: the chat screen came in 51
// scripts, which queue on a browser's six HTTP/1.1 connections and each cost a round trip on a slow network.
//
// The groups follow the static import graph, read once the modules are parsed:
// - "core": what the home page imports and the app or the light pricing page imports too (the home page
//   loads nothing it does not need);
// - "home": the rest of the home page's first screen (client/home-entry.tsx);
// - "public": what the light pricing page (client/pricing-entry.tsx) and the app import, but not the home
//   page (the typed API client…);
// - "pricing": the rest of the light pricing page (the plans, checkout), which the app's /pricing and
//   subscription pages import too;
// - "app": the rest of the app's shell (client/app.tsx: router, query cache, hooks, guard, notifications),
//   and the little the chat screen shares with the light public pages (error texts, usage rules);
// - "chat-screen": the chat screen and its layout, all they import that the shell does not and no other page does;
// - "chat-shared": what the chat screen shares with other pages (markdown, model catalogue, user menu…),
//   so that an account page does not load the chat screen.
// The entry's own modules (React, the boot) stay in the entry; other pages, lazily loaded parts (math,
// code, dialogs) and catalogues keep rolldown's own chunks. Each group only imports from groups listed
// before it, so no two chunks import each other.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { APP_ROUTES, type AppRoute, PARAM_RULES } from "../../src/domain/app-routes.ts";
import { earlyRequests, FIRST_NAMESPACES, firstNamespaces } from "../../src/domain/early-requests.ts";
import { encodeRoutePlan, type RoutePlanEntry } from "../../src/domain/route-preload.ts";

const CLIENT = resolve(import.meta.dirname, "../../client");
const CHAT_ROOTS = ["layouts/assistant-layout.tsx", "chat/chat-screen.tsx"].map((r) => resolve(CLIENT, r));

/** The catalogues every app screen reads (src/domain/early-requests.ts, earlyNamespaces). */
const APP_TEXTS = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/](?:app|chat|account|errors)\.json$/;
/** A catalogue: its locale and namespace. */
const CATALOGUE = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]([a-z]+)\.json$/;
/** The namespaces some page shows first: the Worker or the boot script preloads them with its code. */
const FIRST_SCREEN_TEXTS = new Set<string>(FIRST_NAMESPACES);

export const GROUP_NAMES = [
  "core",
  "home",
  "public",
  "pricing",
  "app",
  "chat-shared",
  "chat-screen",
] as const;

interface Graph {
  imports(id: string): readonly string[];
  /** Modules loaded by `import()`: the lazy pages and parts. */
  lazyRoots(): readonly string[];
  lazyImporters(id: string): readonly string[];
}

/** Every module `roots` import statically, directly or not (the roots included). */
function reach(roots: readonly string[], graph: Graph, stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    stack.push(...graph.imports(id));
  }
  return seen;
}

/** Which group each module belongs to; a module of the entry, or in no group, is absent. */
export function assignGroups(graph: Graph, lightPages: readonly string[]): Map<string, string> {
  const entry = reach([resolve(CLIENT, "main.tsx")], graph);
  const home = reach([resolve(CLIENT, "home-entry.tsx")], graph, entry);
  const pricing = reach([resolve(CLIENT, "pricing-entry.tsx")], graph, entry);
  const app = reach([resolve(CLIENT, "app.tsx")], graph, entry);
  const chat = reach(CHAT_ROOTS, graph, new Set([...entry, ...home, ...pricing, ...app]));
  // Every other lazy root (pages, the account layout) but the chat's own lazy parts (dialogs, renderers).
  const shell = new Set(
    ["home-entry.tsx", "pricing-entry.tsx", "app.tsx"].map((r) => resolve(CLIENT, r)).concat(CHAT_ROOTS),
  );
  const others = graph
    .lazyRoots()
    .filter((id) => !shell.has(id) && !graph.lazyImporters(id).every((importer) => chat.has(importer)));
  const elsewhere = reach(others, graph, entry);
  // What the chat screen shares with the light public pages (/login, /pricing…: error texts, usage rules)
  // is small and goes with the app, so that those pages do not load the rest of chat-shared (markdown…).
  const light = reach(lightPages, graph, entry);

  const groupOf = new Map<string, string>();
  // A group's modules only import modules that at least the same entries reach: an earlier group.
  for (const id of home) groupOf.set(id, app.has(id) || pricing.has(id) ? "core" : "home");
  for (const id of pricing) if (!home.has(id)) groupOf.set(id, app.has(id) ? "public" : "pricing");
  for (const id of app) if (!home.has(id) && !pricing.has(id)) groupOf.set(id, "app");
  for (const id of chat) {
    groupOf.set(id, light.has(id) ? "app" : elsewhere.has(id) ? "chat-shared" : "chat-screen");
  }
  return groupOf;
}

export function routeChunks(): Plugin {
  let groupOf = new Map<string, string>();
  return {
    name: "switchboard:route-chunks",
    apply: "build",
    // Only the client build: the Worker is one file.
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      groupOf = assignGroups(
        {
          imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
          lazyRoots: () =>
            [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.dynamicImporters.length),
          lazyImporters: (id) => this.getModuleInfo(id)?.dynamicImporters ?? [],
        },
        lightPageModules(),
      );
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          // A group holds exactly the modules assigned to it, not their dependencies as well (those belong
          // to the entry or to an earlier group, which the group's chunk imports).
          includeDependenciesRecursively: false,
          groups: [
            ...GROUP_NAMES.map((name) => ({
              name,
              test: (id: string) => groupOf.get(id) === name,
            })),
            // The app screens' catalogues of one language in one chunk: one request instead of four.
            {
              name: (id: string) => `texts-${APP_TEXTS.exec(id)?.[1] ?? "app"}`,
              test: APP_TEXTS,
            },
          ],
        },
      };
    },
  };
}

/** The module of each page and layout, as client/routes/loaders.ts imports them (relative to client/). */
function loaderModules(): Map<string, string> {
  const source = readFileSync(resolve(CLIENT, "routes/loaders.ts"), "utf8");
  const modules = new Map<string, string>();
  for (const [, name, path] of source.matchAll(/(\w+): \(\) => import\("([^"]+)"\)/g)) {
    if (name && path) modules.set(name, resolve(CLIENT, "routes", path));
  }
  return modules;
}

/** The pages SPEC marks light (/login, /pricing…), public pages a visitor often opens first. */
function lightPageModules(): string[] {
  const modules = loaderModules();
  return APP_ROUTES.filter((route) => route.light && route.path !== "/").flatMap((route) => {
    const id = modules.get(route.page);
    return id ? [`${id}.tsx`] : [];
  });
}

/**
 * What the entry script (client/main.tsx) loads first for a page: the light home or pricing page, or the app with
 * the page and its layout; and the translator.
 */
function firstLoads(route: AppRoute, modules: Map<string, string>): string[] {
  const translator = resolve(CLIENT, "i18n/light-engine.ts");
  if (route.path === "/") return [resolve(CLIENT, "home-entry.tsx"), translator];
  if (route.path === "/pricing") return [resolve(CLIENT, "pricing-entry.tsx"), translator];
  const layout = route.layout === "default" ? undefined : modules.get(route.layout);
  const page = modules.get(route.page);
  // An open chat shows its messages at once: their renderer, loaded lazily elsewhere, comes with the page.
  const markdown = route.path.includes(":chatId") ? [resolve(CLIENT, "chat/markdown/markdown-view.tsx")] : [];
  return [
    resolve(CLIENT, "app.tsx"),
    ...(layout ? [layout] : []),
    ...(page ? [page] : []),
    ...markdown,
    translator,
  ];
}

/** A stand-in for each route parameter that passes its rule and cannot be mistaken for anything else. */
const SAMPLE: Record<string, string> = {
  assistantId: "9000000001",
  action: "9000000002",
  chatId: "9000000003",
  chatPublicId: "90000000-0000-4000-8000-000000000004",
};

/**
 * A route's pattern as a regular expression (each parameter a named group following its rule), the reads
 * of src/domain/early-requests.ts with `{name}` where a parameter goes, and the catalogues it shows first.
 */
function routePlan(route: AppRoute) {
  const pattern = route.path.replace(/:([^/]+)/g, (_, name: string) => {
    const rule = PARAM_RULES[name]?.source.replace(/^\^/, "").replace(/\$$/, "") ?? "[^/]+";
    return `(?<${name}>${rule})`;
  });
  const sample = route.path.replace(/:([^/]+)/g, (_, name: string) => SAMPLE[name] ?? "x");
  const unsample = (text: string) =>
    Object.entries(SAMPLE).reduce((out, [name, value]) => out.replaceAll(value, `{${name}}`), text);
  // The home page's light entry asks for nothing (client/main.tsx).
  const reads =
    route.path === "/"
      ? []
      : earlyRequests(sample).map(({ url, body }) =>
          body === undefined ? [unsample(url)] : [unsample(url), unsample(body)],
        );
  return { pattern: `^${pattern}$`, reads, texts: firstNamespaces(sample) };
}

/** The module whose chunk carries KaTeX's stylesheet. */
const KATEX_LOADER = "/client/chat/markdown/katex-loader.ts";

/**
 * A vite plugin: index.html names, for each page of the app, the scripts and styles its first screen needs
 * and the reads it makes first (<meta name="route-preload">). The boot script in index.html
 * (public/theme-boot.js) preloads the code and starts the reads of the page being opened, so they
 * happen while the entry script downloads instead of once it has run (client/lib/early.ts takes the
 * reads over).
 */
export function routePreload(): Plugin {
  return {
    name: "switchboard:route-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((out) => out.type === "chunk");
        const inHtml = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const byModule = (id: string) => chunks.find((c) => c.moduleIds.includes(id));
        const filesOf = (roots: string[]): string[] => {
          const files: string[] = [];
          const css: string[] = [];
          const visit = (fileName: string) => {
            if (inHtml.has(fileName) || files.includes(fileName)) return;
            const chunk = chunks.find((c) => c.fileName === fileName);
            if (!chunk) return;
            files.push(fileName);
            for (const imported of chunk.imports) visit(imported);
            for (const sheet of chunk.viteMetadata?.importedCss ?? [])
              if (!css.includes(sheet)) css.push(sheet);
          };
          for (const root of roots) {
            const chunk = byModule(root) ?? byModule(`${root}.tsx`) ?? byModule(`${root}.ts`);
            if (chunk) visit(chunk.fileName);
          }
          return [...files, ...css].map((file) => `/${file}`);
        };
        // One list per distinct set, and for each route its pattern and the list's index.
        const lists: string[][] = [];
        const modules = loaderModules();
        const listOf = (files: string[]) => {
          const index = lists.findIndex((list) => list.join() === files.join());
          return index < 0 ? lists.push(files) - 1 : index;
        };
        const routes = APP_ROUTES.map((route): RoutePlanEntry => {
          const { pattern, reads, texts } = routePlan(route);
          return [pattern, listOf(filesOf(firstLoads(route, modules))), reads, texts];
        });
        // Each locale's first-screen catalogues, by namespace (a chunk may hold several: texts-{locale}).
        const catalogues: Record<string, Record<string, number>> = {};
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            const [, locale, ns] = CATALOGUE.exec(id) ?? [];
            if (!locale || !ns || !FIRST_SCREEN_TEXTS.has(ns)) continue;
            catalogues[locale] = { ...catalogues[locale], [ns]: listOf(filesOf([id])) };
          }
        }
        // KaTeX's stylesheet, for an open chat's first frame (src/sharing/chat-shell.ts), which typesets math
        // as the app's renderer does.
        const katex = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(KATEX_LOADER)));
        const [mathStyles] = [...(katex?.viteMetadata?.importedCss ?? [])];
        const content = encodeRoutePlan({
          routes,
          lists,
          catalogues,
          ...(mathStyles ? { mathStyles: `/${mathStyles}` } : {}),
        });
        // Before the boot script, which reads it as the page is parsed.
        return html.replace(
          /<meta charset="UTF-8" \/>/,
          (tag) => `${tag}\n    <meta name="route-preload" content="${content}" />`,
        );
      },
    },
  };
}
