// What the local stand-ins say, through the real SDKs: chat titles that read like titles, answers that show the
// renderer off when asked, and a discreet line saying they are not a real model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanTitle, TITLE_INSTRUCTIONS } from "../../src/domain/chat/title.ts";
import { MODELS, modelByKey } from "../../src/domain/models/catalogue.ts";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig } from "../../src/providers/types.ts";
import { ask, collect, joined } from "../upstreams/collect.ts";
import { startUpstreams, type Upstreams } from "../upstreams/index.ts";

let up: Upstreams;
let config: ProviderConfig;

beforeAll(async () => {
  up = await startUpstreams();
  config = providerConfigFromEnv(up.env);
});
afterAll(() => up.close());

const model = (key: string) => {
  const entry = modelByKey(key);
  if (!entry) throw new Error(`${key} left the catalogue`);
  return entry;
};

async function answer(key: string, prompt: string, system?: string): Promise<string> {
  const events = await collect(streamModel({ ...ask(model(key), prompt), system }, config));
  expect(events.filter((e) => e.type === "error")).toEqual([]);
  return joined(events, "text");
}

describe("a chat title asked of a light model", () => {
  const lightModels = MODELS.filter((m) => m.category === "light" && m.provider !== "test" && !m.deprecated);

  it.each(lightModels.map((m) => m.key))("%s names a greeting like a person would", async (key) => {
    const raw = await answer(key, "Hello there", TITLE_INSTRUCTIONS);
    expect(cleanTitle(raw, "Hello there")).toBe("Friendly greeting");
  });

  it.each([
    ["What is a monad?", "Monad explained"],
    ["Compare apples and pears", "Compare apples and pears"],
    ["How do I bake sourdough bread?", "How to bake sourdough bread"],
    ["Tell me about owls", "Owls"],
  ])("%j → %j (gpt-5-nano, the default light model)", async (prompt, title) => {
    const raw = await answer("gpt-5-nano", prompt, TITLE_INSTRUCTIONS);
    expect(raw).toBe(title);
    expect(raw).not.toMatch(/fake|stand-in|gpt-5-nano/i);
  });
});

describe("an answer", () => {
  it("to a greeting greets back, and says discreetly where it comes from", async () => {
    const text = await answer("gpt-5", "Hello there");
    expect(text).toMatch(/^Hello! /);
    expect(text.trim().split("\n").at(-1)).toBe(
      "_Demo answer from a local stand-in for OpenAI (gpt-5): no real model was asked._",
    );
    expect(text).not.toContain("|");
  });

  it.each([
    ["claude-sonnet-5-5", "Compare cats and dogs in a table", /\n\| Aspect \| What I see \|\n\|---\|---\|\n/],
    ["mistral-large", "Write a function in TypeScript", /\n```ts\n[\s\S]*\n```/],
    ["gemini-2.5-flash", "Write some python code", /\n```python\n[\s\S]*\n```/],
    ["grok-4-fast", "Show me the math of a sum", /\n\$\$\n\\sum_\{k=1\}\^\{n\} k[\s\S]*\n\$\$\n/],
    ["llama-3.3-70b", "Give me a list of tips", /\n1\. \*\*Start small\*\*/],
  ])("of %s to %j shows the renderer off", async (key, prompt, shape) => {
    const text = await answer(key, prompt);
    expect(text).toMatch(shape);
    expect(text).toContain(`local stand-in for`);
  });

  it.each(["gpt-4.1", "claude-sonnet-5-5", "gemini-2.5-flash"])(
    "of %s quotes an assistant's instructions (the system message) before its closing line",
    async (key) => {
      const text = await answer(key, "Describe a lighthouse", "Answer like a pirate.");
      const lines = text.trim().split("\n");
      expect(lines.at(-3)).toBe("_Following the instructions: “Answer like a pirate.”._");
      expect(lines.at(-1)).toContain("local stand-in for");
      expect(await answer(key, "Describe a lighthouse")).not.toContain("Following the instructions");
      // Document passages after the instructions are not instructions; alone, there are none.
      const passages = `The user's documents, as passages chosen for this question.\n<passage source="a.txt">\nOwls.\n</passage>`;
      const both = await answer(key, "Describe a lighthouse", `Answer like a pirate.\n\n${passages}`);
      expect(both).toContain("_Following the instructions: “Answer like a pirate.”._");
      expect(await answer(key, "Describe a lighthouse", passages)).not.toContain(
        "Following the instructions",
      );
    },
  );

  it("without such a request stays prose and a short list", async () => {
    const text = await answer("gpt-4.1", "Describe a lighthouse at night");
    expect(text).toContain("**lighthouse at night**");
    expect(text).not.toMatch(/```|\$\$|\| Aspect/);
  });
});

describe("document passages", () => {
  it("are counted and the first quoted, through the SDKs of OpenAI and Anthropic", async () => {
    const { passagesPrompt } = await import("../../src/documents/retrieve.ts");
    const system = passagesPrompt([
      {
        content: "Hold the red button for five seconds.",
        distance: 0.1,
        metadata: { attachmentId: "a", name: "manual.pdf", index: 0, page: 4, pageEnd: 4 },
      },
      {
        content: "Water the tomatoes.",
        distance: 0.2,
        metadata: { attachmentId: "a", name: "manual.pdf", index: 1 },
      },
    ]);
    for (const key of ["gpt-5", "claude-sonnet-5-5"]) {
      const text = await answer(key, "How do I reset it?", system);
      expect(text).toContain(
        'I was given 2 document passages. The first, from manual.pdf, page 4, reads: "Hold the red button for five seconds."',
      );
    }
  });
});
