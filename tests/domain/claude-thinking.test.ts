// What each Claude entry sends for thinking, and the catalogue's Claude entries: current ids, retired ones forwarded.
import { describe, expect, it } from "vitest";
import {
  type ClaudeThinkingRequest,
  claudeThinkingRequest,
  claudeThinkingRule,
  hasClaudeThinkingRule,
  MODELS,
  type ModelEntry,
  modelByKey,
} from "../../src/domain/models/index.ts";

type Entry = Pick<ModelEntry, "providerModel" | "type" | "reasoningEffort">;
const entry = (providerModel: string, extra: Partial<Entry> = {}): Entry => ({
  providerModel,
  type: "text",
  ...extra,
});

describe("claudeThinkingRequest", () => {
  const reasoning = (providerModel: string, effort: "low" | "medium") =>
    entry(providerModel, { type: "reasoning", reasoningEffort: effort });
  const cases: [string, Entry, number, "low" | "medium" | undefined, ClaudeThinkingRequest][] = [
    // Sonnet 5.5 refuses "disabled"; between_tools is its way to answer without thinking first.
    ["Sonnet 5.5", entry("claude-sonnet-5-5"), 8192, undefined, { mode: "between_tools", maxTokens: 10240 }],
    [
      "Sonnet 5.5 Thinking, low",
      reasoning("claude-sonnet-5-5", "low"),
      8192,
      undefined,
      { mode: "adaptive", effort: "low", maxTokens: 16384 },
    ],
    [
      "Sonnet 5.5 Thinking, medium",
      reasoning("claude-sonnet-5-5", "medium"),
      8192,
      undefined,
      { mode: "adaptive", effort: "medium", maxTokens: 24576 },
    ],
    [
      "the request's effort wins over the entry's",
      reasoning("claude-sonnet-5-5", "medium"),
      8192,
      "low",
      { mode: "adaptive", effort: "low", maxTokens: 16384 },
    ],
    // Opus 5.5 always thinks: a plain entry leaves the effort to the model (medium) and makes room for it.
    ["Opus 5.5", entry("claude-opus-5-5"), 8192, undefined, { mode: "adaptive", maxTokens: 24576 }],
    ["Haiku 5.5", entry("claude-haiku-5-5"), 8192, undefined, { mode: "adaptive", maxTokens: 24576 }],
    // The 4.5 generation takes only a manual budget, and thinks only when asked.
    ["Haiku 4.5", entry("claude-haiku-4-5-20251001"), 8192, undefined, { mode: "none", maxTokens: 8192 }],
    [
      "Haiku 4.5 thinking, low",
      reasoning("claude-haiku-4-5-20251001", "low"),
      8192,
      undefined,
      { mode: "budget", budgetTokens: 2048, maxTokens: 10240 },
    ],
    [
      "Opus 4.5 thinking, medium",
      reasoning("claude-opus-4-5-20251101", "medium"),
      8192,
      undefined,
      { mode: "budget", budgetTokens: 8192, maxTokens: 16384 },
    ],
    // max_tokens never exceeds what the model can write.
    [
      "a huge answer on Haiku 4.5 is capped at 64K",
      entry("claude-haiku-4-5-20251001"),
      100_000,
      undefined,
      { mode: "none", maxTokens: 64_000 },
    ],
    [
      "a huge answer on Sonnet 5.5 Thinking is capped at 128K",
      reasoning("claude-sonnet-5-5", "medium"),
      200_000,
      undefined,
      { mode: "adaptive", effort: "medium", maxTokens: 128_000 },
    ],
  ];

  it.each(cases)("%s", (_name, model, answerTokens, override, expected) => {
    expect(claudeThinkingRequest(model, answerTokens, override)).toEqual(expected);
  });

  it("keeps a manual budget below max_tokens, as the API requires", () => {
    for (const answerTokens of [1, 1024, 8192, 63_000]) {
      for (const effort of ["low", "medium"] as const) {
        const request = claudeThinkingRequest(reasoning("claude-haiku-4-5-20251001", effort), answerTokens);
        if (request.mode !== "budget") throw new Error(`expected a budget, got ${request.mode}`);
        expect(request.budgetTokens).toBeGreaterThanOrEqual(1024);
        expect(request.budgetTokens).toBeLessThan(request.maxTokens);
      }
    }
  });
});

describe("the catalogue's Claude entries", () => {
  const claude = MODELS.filter((m) => m.provider === "anthropic");
  // Ids Anthropic has retired or retires on 2026-11-30 (platform.claude.com/docs/en/about-claude/model-deprecations).
  const retiredIds = /^claude-(3-|opus-4-1|opus-4-2025|sonnet-4-2025|sonnet-4-5)/;

  it.each(claude.map((m) => [m.key, m] as const))(
    "%s calls a current API model with a known thinking rule",
    (_key, m) => {
      expect(m.providerModel).not.toMatch(retiredIds);
      expect(hasClaudeThinkingRule(m.providerModel)).toBe(true);
    },
  );

  it.each([
    ["claude-sonnet-4-5", "claude-sonnet-5-5", "Claude Sonnet 5.5"],
    ["claude-sonnet-4-5-reasoning", "claude-sonnet-5-5", "Claude Sonnet 5.5 Thinking"],
    ["claude-sonnet-4-5-web", "claude-sonnet-5-5", "Claude Sonnet 5.5 Web"],
    ["claude-opus-4-1", "claude-opus-5-5", "Claude Opus 5.5"],
    ["claude-3-7-sonnet", "claude-sonnet-5-5", "Claude Sonnet 5.5"],
  ])("retired %s keeps its key, is deprecated and is answered by %s", (key, providerModel, successor) => {
    const m = modelByKey(key);
    expect(m).toMatchObject({ deprecated: true, providerModel });
    expect(m?.description).toContain(`now answered by ${successor}.`);
    // Its successor is offered under its own key, of the same kind.
    const current = MODELS.find((c) => c.label === successor);
    expect(current).toMatchObject({ deprecated: false, providerModel, type: m?.type, category: m?.category });
  });

  it("offers the current lineup in the picker", () => {
    const offered = claude.filter((m) => !m.deprecated).map((m) => m.key);
    expect(offered).toEqual([
      "claude-opus-5-5",
      "claude-sonnet-5-5",
      "claude-sonnet-5-5-reasoning",
      "claude-haiku-5-5",
      "claude-sonnet-5-5-web",
    ]);
  });

  it("thinks on every reasoning entry and answers straight away on Sonnet 5.5's plain entries", () => {
    for (const m of claude) {
      const mode = claudeThinkingRequest(m, 8192).mode;
      if (m.type === "reasoning") expect(["adaptive", "budget"], m.key).toContain(mode);
      else if (claudeThinkingRule(m.providerModel).quiet) expect(mode, m.key).toBe("between_tools");
    }
  });
});
