// SPEC §4's plan derivation, every case, and how team members inherit their admin's plan.
import { describe, expect, it } from "vitest";
import { isPaidPlan, type Plan, planOf, userPlanOf } from "../../src/domain/plans";

describe("planOf", () => {
  it.each([
    [null, "none"],
    [undefined, "none"],
    [{ amount: 1000, ok: false }, "unsubscribed"],
    [{ amount: 6000, ok: false }, "unsubscribed"],
    [{ amount: 1000, ok: true }, "starter"],
    [{ amount: 10000, ok: true }, "starter"],
    [{ amount: 2000, ok: true }, "standard"],
    [{ amount: 20000, ok: true }, "standard"],
    [{ amount: 6000, ok: true }, "expert"],
    [{ amount: 60000, ok: true }, "expert"],
    [{ amount: 1500, ok: true }, "starter"],
    [{ amount: 0, ok: true }, "starter"],
    [{ amount: -2000, ok: true }, "starter"],
  ] as const)("%j → %s", (subscription, plan) => {
    expect(planOf(subscription)).toBe(plan);
  });
});

describe("userPlanOf", () => {
  const admin = { amount: 20000, ok: true };

  it.each([
    ["no row", null, null, "none"],
    ["an own row", { userId: 1, adminUserId: null, amount: 6000, ok: true }, null, "expert"],
    ["a row naming itself as admin", { userId: 1, adminUserId: 1, amount: 6000, ok: true }, null, "expert"],
    ["a member row", { userId: 2, adminUserId: 1, amount: 1000, ok: false }, admin, "standard"],
    ["a member whose admin has no row", { userId: 2, adminUserId: 1, amount: 6000, ok: true }, null, "none"],
    [
      "a member of an admin who stopped paying",
      { userId: 2, adminUserId: 1, amount: 6000, ok: true },
      { amount: 20000, ok: false },
      "unsubscribed",
    ],
  ] as const)("%s", (_label, own, adminRow, plan) => {
    expect(userPlanOf(own, adminRow)).toBe(plan);
  });
});

describe("isPaidPlan", () => {
  it.each([
    ["none", false],
    ["unsubscribed", false],
    ["starter", true],
    ["standard", true],
    ["expert", true],
  ] as [Plan, boolean][])("%s → %s", (plan, paid) => {
    expect(isPaidPlan(plan)).toBe(paid);
  });
});
