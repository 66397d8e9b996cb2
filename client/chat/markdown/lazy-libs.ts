// KaTeX and highlight.js arrive only when an answer first shows math or a code block; a version number
// tells rendered blocks to render again once they are here.

import type { HLJSApi } from "highlight.js";
import { useSyncExternalStore } from "react";
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

function update(patch: Partial<Omit<RenderLibs, "version">>) {
  const next = { ...libs, ...patch };
  libs = { ...next, version: `k${next.katex ? 1 : 0}h${next.hljs ? 1 : 0}` };
  for (const listener of listeners) listener();
}

export function loadKatex(): Promise<void> {
  katexLoad ??= import("./katex-loader")
    .then(({ katex }) => update({ katex }))
    .catch((error: unknown) => {
      katexLoad = null;
      console.error("Failed to load the math renderer", error);
    });
  return katexLoad;
}

export function loadHighlighter(): Promise<void> {
  hljsLoad ??= import("./highlight-loader")
    .then(({ hljs }) => update({ hljs }))
    .catch((error: unknown) => {
      hljsLoad = null;
      console.error("Failed to load the code highlighter", error);
    });
  return hljsLoad;
}

export const currentLibs = (): RenderLibs => libs;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useRenderLibs = (): RenderLibs => useSyncExternalStore(subscribe, currentLibs, currentLibs);
