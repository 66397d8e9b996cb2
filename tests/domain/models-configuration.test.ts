// Cleaning a stored models configuration against the catalogue: the user's order survives, garbage does not.
import { describe, expect, it } from "vitest";
import {
  cleanModelsConfiguration,
  DEFAULT_MODELS,
  defaultModelsConfiguration,
  MODEL_CATEGORIES,
  modelByKey,
  modelsByCategory,
} from "../../src/domain/models/index.ts";

const KEY = {
  text: "text",
  image: "image",
  web: "web",
  reasoning: "reasoning",
  light: "light_text",
} as const;

describe("cleanModelsConfiguration", () => {
  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "gpt-5"],
    ["a number", 42],
    ["an array", ["gpt-5"]],
    ["an empty object", {}],
    ["lists of the wrong shape", { text: "gpt-5", image: { 0: "flux-dev" }, web: null, reasoning: 3 }],
  ])("falls back to the defaults for %s", (_label, input) => {
    expect(cleanModelsConfiguration(input)).toEqual(defaultModelsConfiguration());
  });

  it.each(MODEL_CATEGORIES)(
    "puts the default %s model first and every pickable model once in the defaults",
    (c) => {
      const list = defaultModelsConfiguration()[KEY[c]];
      expect(list[0]).toBe(DEFAULT_MODELS[c]);
      expect(new Set(list).size).toBe(list.length);
      const pickable = modelsByCategory(c)
        .filter((m) => m.editable)
        .map((m) => m.key);
      expect([...list].sort()).toEqual([...pickable].sort());
    },
  );

  const cases: [
    string,
    Record<string, unknown>,
    keyof ReturnType<typeof cleanModelsConfiguration>,
    string[],
  ][] = [
    [
      "keeps the user's order",
      { text: ["mistral-large", "claude-opus-5-5", "gpt-5"] },
      "text",
      ["mistral-large", "claude-opus-5-5", "gpt-5"],
    ],
    [
      "drops unknown labels",
      { text: ["gpt-6", "claude-opus-5-5", "not a model"] },
      "text",
      ["claude-opus-5-5"],
    ],
    [
      "removes duplicates, keeping the first place",
      { image: ["flux-dev", "midjourney", "flux-dev"] },
      "image",
      ["flux-dev", "midjourney"],
    ],
    ["drops models of another group", { reasoning: ["gpt-5-web", "o3", "flux-dev"] }, "reasoning", ["o3"]],
    [
      "drops retired models",
      { text: ["claude-3-7-sonnet", "claude-sonnet-4-5", "gpt-4.1"] },
      "text",
      ["gpt-4.1"],
    ],
    ["ignores non-string entries", { web: [null, 3, { key: "sonar" }, "sonar"] }, "web", ["sonar"]],
    [
      "reads the light group under light_text",
      { light_text: ["claude-haiku-5-5"], light: ["gpt-5-nano"] },
      "light_text",
      ["claude-haiku-5-5"],
    ],
    ["keeps a test model listed on purpose", { text: ["test", "gpt-5"] }, "text", ["test", "gpt-5"]],
  ];
  it.each(cases)("%s", (_label, input, key, expectedStart) => {
    const list = cleanModelsConfiguration(input)[key];
    expect(list.slice(0, expectedStart.length)).toEqual(expectedStart);
    expect(new Set(list).size).toBe(list.length);
    for (const k of list) expect(modelByKey(k)?.deprecated).toBe(false);
  });

  it("appends models missing from a saved list so every model stays reachable", () => {
    const list = cleanModelsConfiguration({ image: ["midjourney"] }).image;
    expect(list[0]).toBe("midjourney");
    expect(list[1]).toBe(DEFAULT_MODELS.image);
    expect(list).toContain("flux-schnell");
    expect(list.length).toBe(defaultModelsConfiguration().image.length);
  });

  it("never offers the offline test models unless listed", () => {
    const all = Object.values(defaultModelsConfiguration()).flat();
    expect(all.some((key) => key.startsWith("test"))).toBe(false);
  });

  it("returns fresh lists the caller may reorder", () => {
    const first = cleanModelsConfiguration(null);
    first.text.reverse();
    expect(cleanModelsConfiguration(null).text[0]).toBe(DEFAULT_MODELS.text);
  });
});
