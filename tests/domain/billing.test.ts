// Billing rules: which provider statuses keep a plan, which news of a subscription may replace a user's row, how
// few seats a team may have (as the server decides and the change page warns), which subscriptions have ended,
// which can be changed rather than bought anew, and which choice changes nothing.
import { describe, expect, it } from "vitest";
import {
  billingSummaryOf,
  choiceOfPrice,
  grantsAccess,
  hasEnded,
  isSameChoice,
  mayChangePlan,
  mayReplace,
  type SummarySource,
  seatsRefusal,
  stripePageLocaleOf,
  subscriptionEnded,
  summarySeatsRefusal,
} from "../../src/domain/billing";

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

describe("how few seats a team may go down to", () => {
  it.each([
    ["alone, one seat", 1, 0, 0, null],
    ["admin and three members in four seats", 4, 3, 0, null],
    ["fewer seats than admin and members", 3, 3, 0, "seats_below_members"],
    ["members first, even with invitations pending", 2, 3, 1, "seats_below_members"],
    ["a pending invitation keeps its seat", 4, 2, 1, null],
    ["a seat sold from under a pending invitation", 3, 2, 1, "seats_held_by_invitations"],
    ["two invitations, room for one", 3, 0, 3, "seats_held_by_invitations"],
    ["more seats than needed", 10, 2, 3, null],
  ] as const)("%s", (_label, seats, members, pending, refusal) => {
    expect(seatsRefusal(seats, { members, pending })).toBe(refusal);
  });
});

describe("the change page's warning, from the summary's counts", () => {
  // seatsInUse = admin + members; the server refuses the same choices (seatsRefusal), naming the same minimum.
  it.each([
    ["alone, one seat", 1, 0, 1, null],
    ["fewer seats than admin and members", 3, 0, 2, { code: "seats_below_members", atLeast: 3 }],
    ["members first, invitations pending too", 3, 2, 2, { code: "seats_below_members", atLeast: 3 }],
    ["a seat a pending invitation keeps", 3, 1, 3, { code: "seats_held_by_invitations", atLeast: 4 }],
    ["every pending invitation counts", 2, 3, 4, { code: "seats_held_by_invitations", atLeast: 5 }],
    ["room for members and invitations", 3, 1, 4, null],
    ["a team member's summary (no counts)", null, null, 1, null],
  ] as const)("%s", (_label, seatsInUse, pendingInvitations, seats, refusal) => {
    expect(summarySeatsRefusal({ seatsInUse, pendingInvitations }, seats)).toEqual(refusal);
  });

  it("reads the pending invitations the summary carries, none for a member", () => {
    const row: SummarySource = {
      userId: 1,
      adminUserId: null,
      customer: "cus_1",
      amount: 2000,
      ok: true,
      quantity: 4,
      status: "active",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      cancellationDetails: null,
    };
    const admin = billingSummaryOf(row, null, { members: 1, pending: 2 });
    expect(admin).toMatchObject({ seats: 4, seatsInUse: 2, pendingInvitations: 2 });
    const member = billingSummaryOf({ ...row, userId: 2, adminUserId: 1 }, row, { members: 0, pending: 0 });
    expect(member).toMatchObject({ seatsInUse: null, pendingInvitations: null, teamMember: true });
    expect(billingSummaryOf(null, null, { members: 0, pending: 0 }).pendingInvitations).toBeNull();
  });
});

describe("which subscriptions have ended", () => {
  it.each([
    ["a live plan", "standard", "active", false],
    ["a failing renewal", "standard", "past_due", false],
    ["a cancelled subscription", "unsubscribed", "canceled", true],
    ["an ended row without a status (the plan says so)", "unsubscribed", null, true],
    ["a lapsed payment", "unsubscribed", "unpaid", true],
    ["a status ended while the plan still reads paid", "standard", "incomplete_expired", true],
    ["no plan yet", "none", null, false],
  ] as const)("%s", (_label, plan, status, ended) => {
    expect(subscriptionEnded({ plan, status })).toBe(ended);
  });
});

describe("which subscriptions can be changed rather than bought anew", () => {
  const summary = { plan: "standard", status: "active", canManage: true, teamMember: false } as const;
  it.each([
    ["a live plan of one's own", summary, true],
    ["a failing renewal (the plan stays)", { ...summary, status: "past_due" }, true],
    ["a cancelled subscription", { ...summary, plan: "unsubscribed", status: "canceled" }, false],
    ["an ended row without a status", { ...summary, plan: "unsubscribed", status: null }, false],
    ["a lapsed payment (unpaid)", { ...summary, plan: "unsubscribed", status: "unpaid" }, false],
    ["a status ended while the plan still reads paid", { ...summary, status: "incomplete_expired" }, false],
    ["no plan", { ...summary, plan: "none", status: null, canManage: false }, false],
    ["no customer at the provider", { ...summary, canManage: false }, false],
    ["a team member's plan", { ...summary, canManage: false, teamMember: true }, false],
  ] as const)("%s", (_label, input, changes) => {
    expect(mayChangePlan(input)).toBe(changes);
  });
});

describe("a choice that changes nothing", () => {
  it.each([
    ["a starter seat a month", 1000, 1, { plan: "starter", yearly: false, seats: 1 }],
    ["a standard seat a year", 20000, 1, { plan: "standard", yearly: true, seats: 1 }],
    ["three expert seats a year", 60000, 3, { plan: "expert", yearly: true, seats: 3 }],
    ["a price of no plan", 1500, 1, null],
    ["no amount", null, 1, null],
  ] as const)("Stripe's price for %s", (_label, amount, seats, choice) => {
    expect(choiceOfPrice(amount, seats)).toEqual(choice);
  });

  const current = { plan: "standard", yearly: true, seats: 2 } as const;
  it.each([
    ["the same plan, interval and seats", current, { plan: "standard", yearly: true, seats: 2 }, true],
    ["another plan", current, { plan: "expert", yearly: true, seats: 2 }, false],
    ["the other interval", current, { plan: "standard", yearly: false, seats: 2 }, false],
    ["more seats", current, { plan: "standard", yearly: true, seats: 3 }, false],
    ["fewer seats", current, { plan: "standard", yearly: true, seats: 1 }, false],
    ["a price of no plan", null, { plan: "starter", yearly: false, seats: 1 }, false],
    ["a summary without interval", { ...current, yearly: null }, { ...current, yearly: false }, false],
    ["a member's summary (no seats)", { ...current, seats: null }, { ...current, seats: 1 }, false],
  ] as const)("%s: same %s", (_label, now, choice, same) => {
    expect(isSameChoice(now, choice)).toBe(same);
  });
});

describe("the language of Stripe's Checkout page", () => {
  it.each([
    ["en", "en"],
    ["de", "de"],
    ["pl", "pl"],
    ["ro", "ro"],
    ["ca", "auto"],
  ] as const)("%s → %s", (locale, shown) => {
    expect(stripePageLocaleOf(locale)).toBe(shown);
  });
});
