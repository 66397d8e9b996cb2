// Which providers are real, which are local stand-ins, and what a deployment offers: `npm run dev`'s per-provider
// fallback and production's "no key, not offered".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRoutes, localProviders, type StandIns, startStandIns } from "../../scripts/lib/stand-ins.ts";
import { MODELS } from "../../src/domain/models/catalogue.ts";
import { NETWORK_PROVIDERS, providerEnvPrefix } from "../../src/providers/config.ts";
import {
  modelAvailabilityFromEnv,
  providerConfigFromEnv,
  providerSetupFromEnv,
  streamModel,
} from "../../src/providers/index.ts";
import { ask, collect, joined } from "../upstreams/collect.ts";

const keysOf = (provider: string) => MODELS.filter((m) => m.provider === provider).map((m) => m.key);

describe("a production deployment", () => {
  it("offers exactly the models of the providers it has keys for, and no test model", () => {
    const env = { OPENAI_API_KEY: "sk-live", ANTHROPIC_API_KEY: "sk-ant" };
    const { available, demoProviders } = modelAvailabilityFromEnv(env);
    expect(new Set(available)).toEqual(new Set([...keysOf("openai"), ...keysOf("anthropic")]));
    expect(available).toContain("gpt-5");
    expect(available).not.toContain("mistral-large");
    expect(available).not.toContain("test");
    expect(available).not.toContain("test-image");
    expect(demoProviders).toEqual([]);
  });

  it.each([
    ["nothing", {}, []],
    ["an empty key", { OPENAI_API_KEY: "  " }, []],
    ["a base URL without a key", { MISTRAL_BASE_URL: "https://eu.example/v1" }, []],
    ["a Midjourney key without its relay URL", { MIDJOURNEY_API_KEY: "mj" }, []],
    [
      "a Midjourney key and relay URL",
      { MIDJOURNEY_API_KEY: "mj", MIDJOURNEY_BASE_URL: "https://mj.example" },
      ["midjourney"],
    ],
    ["a Fireworks key", { FIREWORKS_API_KEY: "fw" }, ["fireworks"]],
  ] as const)("with %s configures %j", (_label, env, configured) => {
    expect(providerSetupFromEnv(env).configured).toEqual(configured);
  });

  it("keeps the free image model, FLUX.1 [schnell], with the Fireworks key", () => {
    expect(modelAvailabilityFromEnv({ BFL_API_KEY: "bfl" }).available).not.toContain("flux-schnell");
    expect(modelAvailabilityFromEnv({ FIREWORKS_API_KEY: "fw" }).available).toContain("flux-schnell");
  });

  it.each([
    ["1", true],
    ["true", false],
    ["0", false],
    [undefined, false],
  ])("offers the test models with ENABLE_TEST_MODELS=%s: %s", (value, offered) => {
    const available = modelAvailabilityFromEnv(
      value === undefined ? {} : { ENABLE_TEST_MODELS: value },
    ).available;
    for (const key of ["test", "test-image", "test-light", "test-reasoning", "test-web"]) {
      expect(available.includes(key), key).toBe(offered);
    }
  });

  it("tags as demo only configured providers named in DEMO_PROVIDERS", () => {
    const env = { OPENAI_API_KEY: "k", GROQ_API_KEY: "k", DEMO_PROVIDERS: " openai, anthropic ,bogus,test" };
    expect(modelAvailabilityFromEnv(env).demoProviders).toEqual(["openai"]);
  });
});

describe("npm run dev's stand-ins", () => {
  let standIns: StandIns;
  // A developer who exported only an OpenAI key.
  const developer = { OPENAI_API_KEY: "sk-real-openai", PATH: "/usr/bin" };

  beforeAll(async () => {
    standIns = await startStandIns(developer);
  });
  afterAll(() => standIns.close());

  it("keeps a provider with a key real and plays every other one locally", () => {
    expect(localProviders(developer, false)).toEqual(NETWORK_PROVIDERS.filter((p) => p !== "openai"));
    expect(standIns.routes.find((r) => r.provider === "openai")).toEqual({ provider: "openai", real: true });
    for (const route of standIns.routes.filter((r) => r.provider !== "openai")) {
      expect(route.real, route.provider).toBe(false);
      expect(route.url, route.provider).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
    expect(Object.keys(standIns.vars).filter((name) => name.startsWith("OPENAI_"))).toEqual([]);
    expect(standIns.vars.DEMO_PROVIDERS?.split(",")).toEqual(NETWORK_PROVIDERS.filter((p) => p !== "openai"));
  });

  it("gives the Worker every model, the stand-ins tagged demo and OpenAI not", () => {
    const worker = { ...developer, ...standIns.vars };
    const availability = modelAvailabilityFromEnv(worker);
    expect(availability.available).toEqual(MODELS.filter((m) => m.provider !== "test").map((m) => m.key));
    expect(availability.demoProviders).not.toContain("openai");
    expect(availability.demoProviders).toContain("anthropic");
    expect(providerConfigFromEnv(worker).endpoints.openai).toEqual({
      baseUrl: "https://api.openai.com/v1",
      apiKey: "sk-real-openai",
    });
  });

  it("answers through a stand-in with the real SDK, saying discreetly that it is one", async () => {
    const config = providerConfigFromEnv({ ...developer, ...standIns.vars });
    const claude = MODELS.find((m) => m.key === "claude-sonnet-5-5");
    if (!claude) throw new Error("claude-sonnet-5-5 left the catalogue");
    const events = await collect(streamModel(ask(claude, "Tell me about owls"), config));
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(joined(events, "text")).toContain("local stand-in for Anthropic");
  });

  it("prints one line per provider: real, or a local stand-in at its URL", () => {
    const lines = describeRoutes(standIns.routes);
    expect(lines).toHaveLength(NETWORK_PROVIDERS.length);
    expect(lines[0]).toMatch(/^openai\s+real \(OPENAI_API_KEY\)$/);
    expect(lines.find((l) => l.startsWith("anthropic"))).toMatch(
      /^anthropic\s+local stand-in at http:\/\/127\.0\.0\.1:\d+\/anthropic$/,
    );
  });

  it("FAKE_PROVIDERS=1 makes every provider local, the configured one too", async () => {
    const all = await startStandIns(developer, { allLocal: true });
    try {
      expect(all.routes.every((r) => !r.real)).toBe(true);
      expect(all.vars.OPENAI_API_KEY).toBe("fake-openai-key");
      expect(modelAvailabilityFromEnv({ ...developer, ...all.vars }).demoProviders).toEqual(
        NETWORK_PROVIDERS,
      );
    } finally {
      await all.close();
    }
  });

  it("starts nothing when every provider is configured", async () => {
    const keys = Object.fromEntries(NETWORK_PROVIDERS.map((p) => [`${providerEnvPrefix(p)}_API_KEY`, "k"]));
    const none = await startStandIns({ ...keys, MIDJOURNEY_BASE_URL: "https://mj.example" });
    await none.close();
    expect(none.vars).toEqual({});
    expect(none.routes.every((r) => r.real)).toBe(true);
  });
});
