// Quotas, windows, exhaustion and the usage state of SPEC §4 and §9.
import { describe, expect, it } from "vitest";
import type { Plan } from "../../src/domain/plans";
import {
  categoryState,
  emptyUsageCounts,
  isExhausted,
  QUOTAS,
  quotaLimit,
  USAGE_WINDOW_SECONDS,
  type UsageCounts,
  usageAlert,
  usageState,
  WARNING_RATIOS,
} from "../../src/domain/usage";

describe("the SPEC §9 tables", () => {
  it("quotas per plan", () => {
    expect(QUOTAS).toEqual({
      none: { text: 0, reasoning: 0, image: 0, long: 0 },
      unsubscribed: { text: 0, reasoning: 0, image: 0, long: 0 },
      starter: { text: 50, reasoning: 2000, image: 60, long: 20 },
      standard: { text: 80, reasoning: 2000, image: 300, long: 150 },
      expert: { text: 120, reasoning: 2000, image: 1100, long: 500 },
    });
  });

  it("windows and warning ratios", () => {
    expect(USAGE_WINDOW_SECONDS).toEqual({ text: 10800, reasoning: 2592000, image: 2592000, long: 2592000 });
    expect(WARNING_RATIOS).toEqual({ text: 0.8, reasoning: 1, image: 0.5, long: 0.5 });
  });
});

describe("quotaLimit and isExhausted", () => {
  it.each([
    ["starter", "text", 1, 49, 50, false],
    ["starter", "text", 1, 50, 50, true],
    ["standard", "image", 3, 899, 900, false],
    ["standard", "image", 3, 900, 900, true],
    ["expert", "long", 2, 1000, 1000, true],
    ["none", "text", 1, 0, 0, true],
    ["unsubscribed", "reasoning", 5, 0, 0, true],
    ["starter", "reasoning", 0, 1999, 2000, false],
  ] as const)(
    "%s %s × %i seats, %i used → limit %i, exhausted %s",
    (plan, category, seats, used, limit, exhausted) => {
      expect(quotaLimit(plan, category, seats)).toBe(limit);
      expect(isExhausted(plan, category, used, seats)).toBe(exhausted);
    },
  );
});

describe("usageState", () => {
  const counts = (partial: Partial<UsageCounts>): UsageCounts => ({ ...emptyUsageCounts(), ...partial });

  it.each([
    ["starter", {}, 1, "normal"],
    ["starter", { text: 39 }, 1, "normal"],
    ["starter", { text: 40 }, 1, "important"],
    ["starter", { text: 50 }, 1, "limited"],
    ["starter", { text: 40 }, 2, "normal"],
    ["starter", { image: 29 }, 1, "normal"],
    ["starter", { image: 30 }, 1, "important"],
    ["starter", { long: 10 }, 1, "important"],
    ["starter", { reasoning: 1999 }, 1, "normal"],
    ["starter", { reasoning: 2000 }, 1, "limited"],
    ["expert", { text: 96, image: 1100 }, 1, "limited"],
    ["expert", { text: 95 }, 1, "normal"],
    ["none", {}, 1, "limited"],
    ["unsubscribed", {}, 1, "limited"],
  ] as [Plan, Partial<UsageCounts>, number, string][])(
    "%s %j × %i seats → %s",
    (plan, partial, seats, state) => {
      expect(usageState(plan, counts(partial), seats)).toBe(state);
    },
  );
});

describe("categoryState", () => {
  it.each([
    ["starter", "text", 1, 39, "normal"],
    ["starter", "text", 1, 40, "important"],
    ["starter", "text", 1, 50, "limited"],
    ["starter", "reasoning", 1, 1999, "normal"],
    ["starter", "reasoning", 1, 2000, "limited"],
    ["standard", "image", 2, 300, "important"],
    ["none", "long", 1, 0, "limited"],
  ] as const)("%s %s × %i seats, %i used → %s", (plan, category, seats, used, state) => {
    expect(categoryState(plan, category, used, seats)).toBe(state);
  });
});

describe("usageAlert", () => {
  const counts = (partial: Partial<UsageCounts>): UsageCounts => ({ ...emptyUsageCounts(), ...partial });

  // The banner names one category: a used-up one before one only past its warning.
  it.each([
    ["starter", {}, 1, null],
    ["starter", { text: 40 }, 1, { state: "important", category: "text" }],
    ["starter", { text: 40, image: 60 }, 1, { state: "limited", category: "image" }],
    ["starter", { long: 10 }, 1, { state: "important", category: "long" }],
    ["expert", { text: 96, image: 1100 }, 1, { state: "limited", category: "image" }],
    ["starter", { text: 50, reasoning: 2000 }, 1, { state: "limited", category: "text" }],
    ["starter", { text: 80 }, 2, { state: "important", category: "text" }],
  ] as [Plan, Partial<UsageCounts>, number, unknown][])(
    "%s %j × %i seats → %j",
    (plan, partial, seats, alert) => {
      expect(usageAlert(plan, counts(partial), seats)).toEqual(alert);
    },
  );
});
