// The lazily loaded highlighter (client/chat/markdown/highlight-loader.ts): its languages register over
// several tasks, so arriving on a phone is no single long task, and it highlights once they all are.
import hljs from "highlight.js/lib/core";
import { describe, expect, it } from "vitest";
import { highlighter } from "../../client/chat/markdown/highlight-loader";
import { CODE_LANGUAGES } from "../../src/domain/chat/code-languages";

describe("the code highlighter", () => {
  it("registers its languages a few per task, then highlights in every one of them", async () => {
    const all = Object.keys(CODE_LANGUAGES).sort();
    const ready = highlighter();
    // What ran before the first await: one task's worth, not every grammar.
    const firstTask = hljs.listLanguages().length;
    expect(firstTask).toBeGreaterThan(0);
    expect(firstTask).toBeLessThan(all.length);
    const api = await ready;
    expect(api.listLanguages().sort()).toEqual(all);
    expect(highlighter()).toBe(ready);
    expect(api.highlight("const answer: number = 42;", { language: "typescript" }).value).toContain(
      '<span class="hljs-keyword">const</span>',
    );
    // Aliases come with their grammar: a fence written "py" or "sh" finds it.
    expect(api.getLanguage("py")).toBe(api.getLanguage("python"));
  });
});
