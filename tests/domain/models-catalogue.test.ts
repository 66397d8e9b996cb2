// The catalogue is complete and coherent: every entry is usable by the picker, adapters and quota rules.
import { describe, expect, it } from "vitest";
import englishCatalogue from "../../client/i18n/locales/en/models.json";
import { descriptionKey, englishDescriptions } from "../../src/domain/models/description-keys.ts";
import {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_MODELS,
  FREE_MODEL_KEYS,
  FREE_MODELS,
  isFreeModel,
  isKnownModelKey,
  MODEL_CATEGORIES,
  MODEL_INPUTS,
  MODEL_TYPES,
  MODELS,
  modelByKey,
  modelsByCategory,
  PROVIDERS,
} from "../../src/domain/models/index.ts";

// tests/domain is typed for Workers (no Node types), so the file system is reached through an untyped import.
const fsModule = "node:fs";
const { existsSync } = (await import(fsModule)) as { existsSync(path: URL): boolean };
const publicDir = new URL("../../public", import.meta.url);

describe("catalogue entries", () => {
  it("holds about 80 models with unique keys", () => {
    expect(MODELS.length).toBeGreaterThanOrEqual(75);
    expect(MODELS.length).toBeLessThanOrEqual(95);
    expect(new Set(MODELS.map((m) => m.key)).size).toBe(MODELS.length);
  });

  it.each(MODELS.map((m) => [m.key, m] as const))("%s is complete and valid", (_key, m) => {
    for (const text of [m.key, m.providerModel, m.description, m.longLabel, m.label, m.shortLabel]) {
      expect(text.trim()).not.toBe("");
    }
    expect(m.key.length).toBeLessThanOrEqual(70);
    expect(m.key).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    expect(m.description).toMatch(/\.$/);
    expect(m.shortLabel.length).toBeLessThanOrEqual(16);
    expect(PROVIDERS).toContain(m.provider);
    expect(MODEL_TYPES).toContain(m.type);
    expect(MODEL_CATEGORIES).toContain(m.category);
    expect(m.inputs.length).toBeGreaterThan(0);
    expect(new Set(m.inputs).size).toBe(m.inputs.length);
    for (const input of m.inputs) expect(MODEL_INPUTS).toContain(input);
    expect(typeof m.editable).toBe("boolean");
    expect(typeof m.deprecated).toBe("boolean");
    expect([undefined, "low", "medium"]).toContain(m.reasoningEffort);
    expect([undefined, 32000, 131072]).toContain(m.contextWindow);
  });

  it.each(MODELS.map((m) => [m.key, m] as const))(
    "%s has a type, category and window that agree",
    (_key, m) => {
      expect(m.type === "image").toBe(m.category === "image");
      if (m.category === "reasoning") expect(m.type).toBe("reasoning");
      if (m.reasoningEffort) expect(m.type).toBe("reasoning");
      if (m.type === "image") expect(m.contextWindow).toBeUndefined();
      else expect(m.contextWindow).toBe(m.inputs.includes("long") ? 131072 : 32000);
    },
  );

  it("points every icon and dark icon at an SVG that exists under public/", () => {
    const paths = new Set(MODELS.flatMap((m) => [m.icon, m.darkIcon]));
    for (const path of paths) {
      expect(path).toMatch(/^\/models\/[a-z0-9-]+\.svg$/);
      expect(existsSync(new URL(`${publicDir.pathname}${path}`, "file://")), path).toBe(true);
    }
  });

  it("offers every provider of the SPEC with at least one current model", () => {
    const current = new Set(MODELS.filter((m) => !m.deprecated).map((m) => m.provider));
    for (const provider of PROVIDERS) expect(current, provider).toContain(provider);
  });

  it("marks a few genuinely older models deprecated", () => {
    const deprecated = MODELS.filter((m) => m.deprecated).map((m) => m.key);
    expect(deprecated).toEqual(
      expect.arrayContaining([
        "o1",
        "dall-e-3",
        "claude-3-7-sonnet",
        "claude-sonnet-4-5",
        "gemini-2.0-flash",
      ]),
    );
    expect(deprecated.length).toBeLessThan(MODELS.length / 5);
  });

  it("offers every picker group at least one current, pickable model", () => {
    for (const category of MODEL_CATEGORIES) {
      expect(modelsByCategory(category).filter((m) => m.editable).length, category).toBeGreaterThan(0);
    }
  });
});

describe("web-search variants", () => {
  const webKeys = MODELS.filter((m) => m.key.endsWith("-web")).map((m) => m.key);

  it("exist for the main providers", () => {
    expect(webKeys).toEqual(
      expect.arrayContaining(["gpt-5-web", "claude-sonnet-5-5-web", "grok-4-web", "gemini-2.5-flash-web"]),
    );
  });

  it.each(webKeys)("%s is in the web group and calls the same API model as its base", (key) => {
    const web = modelByKey(key);
    expect(web?.category).toBe("web");
    const base = modelByKey(key.replace(/-web$/, ""));
    // The offline test models name their behaviour in providerModel, so they are exempt.
    if (base && base.provider !== "test") {
      expect(web?.provider).toBe(base.provider);
      expect(web?.providerModel).toBe(base.providerModel);
    }
  });
});

describe("defaults and free models", () => {
  it.each(MODEL_CATEGORIES)("the default %s model is a current, pickable model of that group", (category) => {
    const model = modelByKey(DEFAULT_MODELS[category]);
    expect(model?.category).toBe(category);
    expect(model?.deprecated).toBe(false);
    expect(model?.editable).toBe(true);
  });

  it("makes gpt-5-mini the free reasoning and long-document model", () => {
    expect(FREE_MODELS.reasoning).toBe("gpt-5-mini");
    expect(FREE_MODELS.long).toBe("gpt-5-mini");
    const model = modelByKey("gpt-5-mini");
    expect(model?.category).toBe("reasoning");
    expect(model?.inputs).toContain("long");
    expect(DEFAULT_MODELS.reasoning).toBe("gpt-5-mini");
  });

  it("makes flux-schnell the free image model and SD 3.5 Large Turbo the default one", () => {
    expect(FREE_MODELS.image).toBe("flux-schnell");
    expect(modelByKey("flux-schnell")?.category).toBe("image");
    expect(DEFAULT_IMAGE_MODEL).toBe("stable-diffusion-3.5-large-turbo");
    expect(modelByKey(DEFAULT_IMAGE_MODEL)).toMatchObject({ provider: "stabilityai", type: "image" });
  });

  it("lists only known, current free models", () => {
    for (const key of FREE_MODEL_KEYS) expect(modelByKey(key)?.deprecated).toBe(false);
    expect(isFreeModel("flux-schnell")).toBe(true);
    expect(isFreeModel("gpt-5")).toBe(false);
  });
});

describe("lookups", () => {
  it("has offline test models for every kind of answer", () => {
    for (const key of ["test", "test-reasoning", "test-web", "test-image"]) {
      expect(modelByKey(key)?.provider).toBe("test");
    }
    expect(modelByKey("test-reasoning")?.type).toBe("reasoning");
    expect(modelByKey("test-web")?.category).toBe("web");
    expect(modelByKey("test-image")?.type).toBe("image");
  });

  it.each([["gpt-6"], [""], [42], [null], [undefined], [{ key: "gpt-5" }]])(
    "treats %j as an unknown model",
    (key) => {
      expect(modelByKey(key)).toBeUndefined();
      expect(isKnownModelKey(key)).toBe(false);
    },
  );

  it("lists a group's models without retired ones unless asked", () => {
    const current = modelsByCategory("image");
    expect(current.every((m) => m.category === "image" && !m.deprecated)).toBe(true);
    expect(current.map((m) => m.key)).not.toContain("dall-e-3");
    expect(modelsByCategory("image", { includeDeprecated: true }).map((m) => m.key)).toContain("dall-e-3");
  });
});

describe("the descriptions' catalogue", () => {
  it("is, in English, the model catalogue's own words, one key per model", () => {
    expect(englishCatalogue).toEqual(englishDescriptions(MODELS));
  });

  it.each([
    ["gpt-6.1-sol", "gpt-6_1-sol"],
    ["gpt-6-luna", "gpt-6-luna"],
    ["a.b.c", "a_b_c"],
  ])("keys %s as %s (a dot would nest)", (modelKey, key) => {
    expect(descriptionKey(modelKey)).toBe(key);
  });
});
