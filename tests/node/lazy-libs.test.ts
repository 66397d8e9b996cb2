// The chat's lazily loaded renderers (client/chat/markdown/lazy-libs.ts): libraries that arrive in separate
// loads are all kept, whichever finishes preparing the blocks first.
import { describe, expect, it } from "vitest";
import {
  currentLibs,
  loadHighlighter,
  loadKatex,
  onLibrariesArriving,
} from "../../client/chat/markdown/lazy-libs";

describe("lazy renderers", () => {
  it("keeps KaTeX and highlight.js when the first to arrive takes longer to prepare its blocks", async () => {
    const prepared: string[] = [];
    onLibrariesArriving(async (next) => {
      // The first update (whichever library) is slow to prepare, the second fast: the old code let the
      // second set the libraries, then the first overwrite them with its own, older view.
      const slow = prepared.length === 0;
      prepared.push(next.version);
      await new Promise((resolve) => setTimeout(resolve, slow ? 200 : 0));
    });
    await Promise.all([loadKatex(), loadHighlighter()]);
    const libs = currentLibs();
    expect(libs.katex).not.toBeNull();
    expect(libs.hljs).not.toBeNull();
    expect(libs.version).toBe("k1h1");
    expect(prepared).toHaveLength(2);
    expect(prepared.at(-1)).toBe("k1h1");
  });
});
