// KaTeX and highlight.js arrive only when an answer first shows math or a code block, after it is painted;
// a version number tells rendered blocks to render again once they are here. One that fails to arrive
// (offline, a flaky network) is asked for again when the browser is back online or a block needs it later.

import type { HLJSApi } from "highlight.js";
import { startTransition, useEffect, useState } from "react";
import { importRenderer } from "./import-renderer";
import type { KatexModule } from "./katex-loader";

export interface RenderLibs {
  katex: KatexModule | null;
  hljs: HLJSApi | null;
  /** Changes whenever a library arrives: part of every cache key. */
  version: string;
}

const NAMES = ["katex", "hljs"] as const;
type Name = (typeof NAMES)[number];
type Patch = Partial<Omit<RenderLibs, "version">>;

let libs: RenderLibs = { katex: null, hljs: null, version: "k0h0" };
const listeners = new Set<() => void>();

/** Renders ahead, in short tasks, what the new libraries change (render-block.ts registers it). */
let prepare: (next: RenderLibs) => Promise<void> = async () => {};
export function onLibrariesArriving(prepareBlocks: (next: RenderLibs) => Promise<void>): void {
  prepare = prepareBlocks;
}

/** The updates in arrival order: each starts from what the one before it set. */
let updates: Promise<void> = Promise.resolve();

function update(patch: Patch): Promise<void> {
  // One at a time: two libraries arriving in separate loads would otherwise each merge into the libraries
  // as they were before either, and the one finishing last would drop the other (code never highlighted).
  updates = updates.then(async () => {
    const merged = { ...libs, ...patch };
    const next = { ...merged, version: `k${merged.katex ? 1 : 0}h${merged.hljs ? 1 : 0}` };
    // The blocks on screen are typeset and highlighted one task each before React shows them: the commit
    // then only swaps their HTML, instead of one long task doing it all.
    await prepare(next).catch((error: unknown) => console.error("Failed to prepare the blocks", error));
    libs = next;
    for (const listener of listeners) listener();
  });
  return updates;
}

/**
 * Each renderer's load, `again` after a failure, into what it adds to the libraries. A retry imports the
 * module a browser's message named: one without the renderer is a failure, not a renderer that never comes.
 */
const RENDERERS: Record<Name, (again: boolean) => Promise<Patch>> = {
  katex: (again) =>
    importRenderer(() => import("./katex-loader"), again).then(({ katex }) => {
      if (!katex) throw new Error("The math renderer's module has no KaTeX");
      return { katex };
    }),
  hljs: (again) =>
    importRenderer(() => import("./highlight-loader"), again).then(async ({ highlighter }) => {
      if (typeof highlighter !== "function")
        throw new Error("The code highlighter's module has no highlighter");
      return { hljs: await highlighter() };
    }),
};

const LABELS: Record<Name, string> = { katex: "the math renderer", hljs: "the code highlighter" };

/** A renderer that failed to arrive: no retry before `after`, and how long the last wait was. */
interface Failure {
  after: number;
  wait: number;
}
const FIRST_WAIT_MS = 2_000;
const LONGEST_WAIT_MS = 60_000;
const failures: Record<Name, Failure | null> = { katex: null, hljs: null };

/** Longer after each failure in a row: a network that keeps failing is not asked again and again. */
function failed(last: Failure | null): Failure {
  const wait = last ? Math.min(last.wait * 2, LONGEST_WAIT_MS) : FIRST_WAIT_MS;
  return { after: Date.now() + wait, wait };
}

const loads: Record<Name, Promise<void> | null> = { katex: null, hljs: null };
const wanted: Record<Name, boolean> = { katex: false, hljs: false };

/** Loads these renderers together: the blocks render again once, when all of them that arrived are here. */
function loadTogether(names: readonly Name[]): Promise<void> {
  const attempt = (name: Name) =>
    RENDERERS[name](failures[name] !== null).then(
      (patch) => {
        failures[name] = null;
        return patch;
      },
      (error: unknown): Patch => {
        failures[name] = failed(failures[name]);
        // Asked for again by the next block that needs it, or when the browser is back online.
        wanted[name] = false;
        console.error(`Failed to load ${LABELS[name]}`, error);
        return {};
      },
    );
  const all = Promise.all(names.map(attempt))
    .then((patches) => {
      const patch: Patch = Object.assign({}, ...patches);
      if (Object.keys(patch).length > 0) return update(patch);
    })
    .finally(() => {
      for (const name of names) loads[name] = null;
    });
  for (const name of names) loads[name] = all;
  return all;
}

export const loadKatex = (): Promise<void> => loads.katex ?? loadTogether(["katex"]);
export const loadHighlighter = (): Promise<void> => loads.hljs ?? loadTogether(["hljs"]);

let scheduled = false;

/** Loads what was asked for, together: the blocks render again once, when all of it is here. */
function loadWanted() {
  scheduled = false;
  const names = NAMES.filter((name) => wanted[name] && !libs[name] && !loads[name]);
  if (names.length > 0) loadTogether(names);
}

/** One timer per renderer: the blocks asking during a wait ask once, when it is over. */
const waits: Record<Name, ReturnType<typeof setTimeout> | undefined> = { katex: undefined, hljs: undefined };

function askWhenWaited(name: Name, delay: number) {
  if (waits[name] !== undefined) return;
  waits[name] = setTimeout(() => {
    waits[name] = undefined;
    requestRenderer(name);
  }, delay);
}

/**
 * Asks for a renderer a block needs. It loads once the screen has painted (the text first, shown plain,
 * then typeset and highlighted), together with any other asked for meanwhile: neither competes with the
 * screen's own code, data and first paint. After a failure it is asked for again no sooner than a wait,
 * and not while the browser is offline.
 */
export function requestRenderer(name: Name): void {
  if (libs[name] || wanted[name]) return;
  const failure = failures[name];
  if (failure) {
    // Offline, the `online` event asks again.
    if (navigator.onLine === false) return;
    const left = failure.after - Date.now();
    if (left > 0) {
      askWhenWaited(name, left);
      return;
    }
  }
  wanted[name] = true;
  if (scheduled) return;
  scheduled = true;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    loadWanted();
  };
  // After the next frame is painted; a hidden page paints no frame, so a timer stands in.
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 500);
}

if (typeof window !== "undefined") {
  // Back online: what failed is asked for at once. The blocks that showed it plain have rendered and ask
  // no more; they render again when it arrives.
  window.addEventListener("online", () => {
    for (const name of NAMES) {
      const failure = failures[name];
      if (!failure) continue;
      failure.after = 0;
      requestRenderer(name);
    }
  });
}

export const currentLibs = (): RenderLibs => libs;

/**
 * The libraries a markdown view renders with. Their arrival re-renders the answers on screen as a
 * transition: React does it in slices between which the page stays responsive, rather than in one long
 * task (typesetting and highlighting a long chat takes a while on a phone).
 */
export function useRenderLibs(): RenderLibs {
  const [current, setCurrent] = useState(libs);
  useEffect(() => {
    const listener = () => startTransition(() => setCurrent(libs));
    listeners.add(listener);
    // Arrived between this render and now.
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return current;
}
