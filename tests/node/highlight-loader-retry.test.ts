// The lazily loaded highlighter (client/chat/markdown/highlight-loader.ts) after a failed start: asked again,
// it registers its languages again instead of answering the old failure for the rest of the page's life.
import hljs from "highlight.js/lib/core";
import { describe, expect, it } from "vitest";
import { highlighter } from "../../client/chat/markdown/highlight-loader";

describe("the code highlighter after a failure", () => {
  it("tries again when it is asked again after a registration failed", async () => {
    const register = hljs.registerLanguage;
    hljs.registerLanguage = () => {
      throw new Error("a grammar that does not load");
    };
    try {
      await expect(highlighter()).rejects.toThrow("a grammar that does not load");
    } finally {
      hljs.registerLanguage = register;
    }
    const api = await highlighter();
    expect(api.highlight("def f(): pass", { language: "python" }).value).toContain("hljs-keyword");
  });
});
