// A vite plugin: the client's code in a few chunks per screen instead of one per shared module. Left to
// itself, rolldown makes a chunk for every set of lazy pages that share a module: the chat screen came in 51
// scripts, which queue on a browser's six HTTP/1.1 connections and each cost a round trip on a slow network.
//
// The groups follow the static import graph, read once the modules are parsed:
// - "core": what the home page and the app both import (the home page loads nothing it does not need);
// - "home": the rest of the home page's first screen (client/home-entry.tsx);
// - "app": the rest of the app's shell (client/app.tsx: router, query cache, hooks, guard, notifications);
// - "chat-screen": the chat screen and its layout, all they import that the shell does not and no other page does;
// - "chat-shared": what the chat screen shares with other pages (model catalogue, user menu, error texts…),
//   so that a page like /login does not load the chat screen.
// The entry's own modules (React, the boot) stay in the entry; other pages, lazily loaded parts (math,
// code, dialogs) and catalogues keep rolldown's own chunks. Each group only imports from groups listed
// before it, so no two chunks import each other.
import { resolve } from "node:path";
import type { Plugin } from "vite";

const CLIENT = resolve(import.meta.dirname, "../../client");
const CHAT_ROOTS = ["layouts/assistant-layout.tsx", "chat/chat-screen.tsx"].map((r) => resolve(CLIENT, r));

export const GROUP_NAMES = ["core", "home", "app", "chat-shared", "chat-screen"] as const;

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
export function assignGroups(graph: Graph): Map<string, string> {
  const entry = reach([resolve(CLIENT, "main.tsx")], graph);
  const home = reach([resolve(CLIENT, "home-entry.tsx")], graph, entry);
  const app = reach([resolve(CLIENT, "app.tsx")], graph, entry);
  const chat = reach(CHAT_ROOTS, graph, new Set([...entry, ...home, ...app]));
  // Every other lazy root (pages, the account layout) but the chat's own lazy parts (dialogs, renderers).
  const shell = new Set([resolve(CLIENT, "home-entry.tsx"), resolve(CLIENT, "app.tsx"), ...CHAT_ROOTS]);
  const others = graph
    .lazyRoots()
    .filter((id) => !shell.has(id) && !graph.lazyImporters(id).every((importer) => chat.has(importer)));
  const elsewhere = reach(others, graph, entry);

  const groupOf = new Map<string, string>();
  for (const id of home) groupOf.set(id, app.has(id) ? "core" : "home");
  for (const id of app) if (!home.has(id)) groupOf.set(id, "app");
  for (const id of chat) groupOf.set(id, elsewhere.has(id) ? "chat-shared" : "chat-screen");
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
      groupOf = assignGroups({
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        lazyRoots: () =>
          [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.dynamicImporters.length),
        lazyImporters: (id) => this.getModuleInfo(id)?.dynamicImporters ?? [],
      });
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          // A group holds exactly the modules assigned to it, not their dependencies as well (those belong
          // to the entry or to an earlier group, which the group's chunk imports).
          includeDependenciesRecursively: false,
          groups: GROUP_NAMES.map((name) => ({
            name,
            test: (id: string) => groupOf.get(id) === name,
          })),
        },
      };
    },
  };
}
