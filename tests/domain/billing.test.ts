// Billing rules: which provider statuses keep a plan, and which news of a subscription may replace a user's row.
import { describe, expect, it } from "vitest";
import { grantsAccess, hasEnded, mayReplace } from "../../src/domain/billing";

describe("provider statuses", () => {
  it.each([
    ["active", true, false],
    ["trialing", true, false],
    ["past_due", true, false],
    ["unpaid", false, false],
    ["incomplete", false, false],
    ["paused", false, false],
    ["canceled", false, true],
    ["incomplete_expired", false, true],
  ])("%s: grants access %s, ended %s", (status, access, ended) => {
    expect(grantsAccess(status)).toBe(access);
    expect(hasEnded(status)).toBe(ended);
  });
});

describe("which news may replace a user's subscription row", () => {
  const own = (subscription: string, status: string | null) => ({ subscription, status, member: false });
  const member = (subscription: string) => ({ subscription, status: null, member: true });
  it.each([
    ["no row yet", null, "sub_a", "incomplete", true],
    ["the row's own subscription, any state", own("sub_a", "active"), "sub_a", "canceled", true],
    ["the row's own lapsed subscription paid again", own("sub_a", "unpaid"), "sub_a", "active", true],
    ["a new plan after an ended one", own("sub_a", "canceled"), "sub_b", "active", true],
    ["a late event of an ended plan over a live one", own("sub_b", "active"), "sub_a", "canceled", false],
    ["a lapsed plan's news over a plan bought since", own("sub_b", "active"), "sub_a", "unpaid", false],
    ["a lapsed plan's news over a failing renewal", own("sub_b", "past_due"), "sub_a", "unpaid", false],
    ["a second live plan over a live one", own("sub_b", "active"), "sub_a", "active", true],
    ["a plan bought after a lapsed one", own("sub_a", "unpaid"), "sub_b", "active", true],
    ["a checkout under way after a lapsed one", own("sub_a", "unpaid"), "sub_b", "incomplete", true],
    ["a row from before the provider (no status)", own("legacy", null), "sub_a", "active", true],
    ["a member's own plan from before, ended", member("sub_a"), "sub_a", "canceled", false],
    ["a member's own plan from before, lapsed", member("sub_a"), "sub_a", "unpaid", false],
    ["a plan a member now pays for themselves", member("sub_a"), "sub_b", "active", true],
    ["a member's old plan paid again", member("sub_a"), "sub_a", "active", true],
  ] as const)("%s", (_label, current, incoming, status, replaces) => {
    expect(mayReplace(current, incoming, status)).toBe(replaces);
  });
});
