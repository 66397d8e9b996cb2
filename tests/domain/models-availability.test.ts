// What a deployment offers (provider keys, test models, demo stand-ins), and how the picker keeps to it.
import { describe, expect, it } from "vitest";
import { initialModel, modelOnOffer, pickerGroups } from "../../src/domain/chat/model-picker";
import {
  cleanModelsConfiguration,
  isDemoModel,
  isModelOffered,
  MODELS,
  modelAvailability,
  modelByKey,
  offeredModel,
  type ProviderSetup,
} from "../../src/domain/models";

const setup = (
  configured: ProviderSetup["configured"],
  extra: Partial<ProviderSetup> = {},
): ProviderSetup => ({
  configured,
  testModels: false,
  demo: [],
  ...extra,
});

describe("offered models", () => {
  it.each([
    ["gpt-5", setup(["openai"]), true],
    ["gpt-5", setup(["anthropic"]), false],
    ["claude-haiku-5-5", setup(["openai", "anthropic"]), true],
    ["flux-schnell", setup(["black-forest-labs"]), false],
    ["flux-schnell", setup(["fireworks"]), true],
    ["midjourney", setup([]), false],
    ["test", setup(["openai"]), false],
    ["test-image", setup([], { testModels: true }), true],
    ["test-light", setup(["openai"], { testModels: true }), true],
  ] as const)("%s with %j: %s", (key, s, offered) => {
    const model = modelByKey(key);
    expect(model && isModelOffered(model, s)).toBe(offered);
  });

  it.each([
    ["gpt-5", { ok: true }],
    ["mistral-large", { ok: false, reason: "unavailable" }],
    ["test", { ok: false, reason: "unavailable" }],
    ["gpt-99", { ok: false, reason: "unknown" }],
    [42, { ok: false, reason: "unknown" }],
  ] as const)("offeredModel(%j) → %j", (key, expected) => {
    expect(offeredModel(key, setup(["openai"]))).toMatchObject(expected);
  });

  it("lists every offered key, deprecated ones included, and only configured demo providers", () => {
    const availability = modelAvailability(setup(["openai", "groq"], { demo: ["groq", "anthropic"] }));
    const expected = MODELS.filter((m) => m.provider === "openai" || m.provider === "groq").map((m) => m.key);
    expect(availability.available).toEqual(expected);
    expect(availability.available).toContain("o1");
    expect(availability.demoProviders).toEqual(["groq"]);
  });

  it.each([
    ["llama-3.3-70b", true],
    ["gpt-5", false],
    ["unknown-model", false],
    [null, false],
  ])("isDemoModel(%j) with groq played locally: %s", (key, demo) => {
    expect(isDemoModel(key, { available: [], demoProviders: ["groq"] })).toBe(demo);
    expect(isDemoModel(key, undefined)).toBe(false);
  });
});

describe("the picker on a deployment", () => {
  const configuration = cleanModelsConfiguration(null);
  const onlyAnthropic = modelAvailability(setup(["anthropic"])).available;

  it("shows only offered models", () => {
    const keys = pickerGroups(configuration, "expert", null, onlyAnthropic).flatMap((g) => g.models);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((m) => m.provider === "anthropic")).toBe(true);
  });

  it("starts a new chat with the first offered text model of the user's order when GPT-5 is not offered", () => {
    expect(initialModel(pickerGroups(configuration, "expert"))).toBe("gpt-5");
    expect(initialModel(pickerGroups(configuration, "expert", null, onlyAnthropic))).toBe("claude-opus-5-5");
    expect(initialModel(pickerGroups(configuration, "expert", null, []))).toBeNull();
  });

  it("does not bring back a chat's model the deployment no longer offers, and moves the chat to one it does", () => {
    const groups = pickerGroups(configuration, "expert", "gpt-5", onlyAnthropic);
    expect(groups.flatMap((g) => g.models).some((m) => m.key === "gpt-5")).toBe(false);
    expect(modelOnOffer(groups, "gpt-5")).toBe("claude-opus-5-5");
    expect(modelOnOffer(groups, "claude-haiku-5-5")).toBe("claude-haiku-5-5");
    expect(modelOnOffer(pickerGroups(configuration, "expert", "test", ["test", "gpt-5"]), "test")).toBe(
      "test",
    );
  });
});
