// KaTeX and highlight.js arrive only when an answer first shows math or a code block, after it is painted;
// a version number tells rendered blocks to render again once they are here.

import type { HLJSApi } from "highlight.js";
import { startTransition, useEffect, useState } from "react";
import type { KatexModule } from "./katex-loader";

export interface RenderLibs {
  katex: KatexModule | null;
  hljs: HLJSApi | null;
  /** Changes whenever a library arrives: part of every cache key. */
  version: string;
}

let libs: RenderLibs = { katex: null, hljs: null, version: "k0h0" };
const listeners = new Set<() => void>();
let katexLoad: Promise<void> | null = null;
let hljsLoad: Promise<void> | null = null;

/** Renders ahead, in short tasks, what the new libraries change (render-block.ts registers it). */
let prepare: (next: RenderLibs) => Promise<void> = async () => {};
export function onLibrariesArriving(prepareBlocks: (next: RenderLibs) => Promise<void>): void {
  prepare = prepareBlocks;
}

/** The updates in arrival order: each starts from what the one before it set. */
let updates: Promise<void> = Promise.resolve();

function update(patch: Partial<Omit<RenderLibs, "version">>): Promise<void> {
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

const importKatex = () =>
  import("./katex-loader").then(({ katex }) => ({ katex }) as Partial<Omit<RenderLibs, "version">>);
const importHighlighter = () =>
  import("./highlight-loader")
    .then(({ highlighter }) => highlighter())
    .then((hljs) => ({ hljs }) as Partial<Omit<RenderLibs, "version">>);

export function loadKatex(): Promise<void> {
  katexLoad ??= importKatex()
    .then(update)
    .catch((error: unknown) => {
      katexLoad = null;
      console.error("Failed to load the math renderer", error);
    });
  return katexLoad;
}

export function loadHighlighter(): Promise<void> {
  hljsLoad ??= importHighlighter()
    .then(update)
    .catch((error: unknown) => {
      hljsLoad = null;
      console.error("Failed to load the code highlighter", error);
    });
  return hljsLoad;
}

const wanted = { katex: false, hljs: false };
let scheduled = false;

/** Loads what was asked for, together: the blocks render again once, when all of it is here. */
function loadWanted() {
  scheduled = false;
  const katex = wanted.katex && !libs.katex && !katexLoad;
  const hljs = wanted.hljs && !libs.hljs && !hljsLoad;
  const loads = [...(katex ? [importKatex()] : []), ...(hljs ? [importHighlighter()] : [])];
  if (loads.length === 0) return;
  const all = Promise.allSettled(loads).then((results) => {
    if (katex) katexLoad = null;
    if (hljs) hljsLoad = null;
    const patch: Partial<Omit<RenderLibs, "version">> = {};
    for (const result of results) {
      if (result.status === "fulfilled") Object.assign(patch, result.value);
      else console.error("Failed to load a renderer (math or code)", result.reason);
    }
    if (Object.keys(patch).length > 0) update(patch);
    // What failed may be asked for again by the next block that needs it.
    if (katex && !libs.katex) wanted.katex = false;
    if (hljs && !libs.hljs) wanted.hljs = false;
  });
  if (katex) katexLoad = all;
  if (hljs) hljsLoad = all;
}

/**
 * Asks for a renderer a block needs. It loads once the screen has painted (the text first, shown plain,
 * then typeset and highlighted), together with any other asked for meanwhile: neither competes with the
 * screen's own code, data and first paint.
 */
export function requestRenderer(name: "katex" | "hljs"): void {
  if ((name === "katex" ? libs.katex : libs.hljs) || wanted[name]) return;
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
