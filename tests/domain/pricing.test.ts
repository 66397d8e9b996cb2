// The pricing query of SPEC §2 and seat prices of SPEC §9.
import { describe, expect, it } from "vitest";
import {
  MAX_SEATS,
  monthlyTotal,
  parsePricingQuery,
  parseSeats,
  pricingQueryString,
  seatPrice,
  yearlySavingPercent,
} from "../../src/domain/pricing.ts";

describe("the seats field", () => {
  // What a person may have typed on the way to a number; only a whole count in range may be bought.
  it.each([
    ["1", 1],
    ["3", 3],
    [" 12 ", 12],
    ["007", 7],
    [String(MAX_SEATS), MAX_SEATS],
    ["", null],
    ["   ", null],
    ["0", null],
    [String(MAX_SEATS + 1), null],
    ["2000", null],
    ["-3", null],
    ["2.5", null],
    ["1e3", null],
    ["abc", null],
  ] as const)("reads %j as %s", (text, seats) => {
    expect(parseSeats(text)).toBe(seats);
  });
});

describe("the pricing query", () => {
  it("reads users, plan, yearly and seeDetails; a team needs both users and plan", () => {
    expect(parsePricingQuery("?plan=expert&users=3&yearly=true&seeDetails=false")).toEqual({
      plan: "expert",
      users: 3,
      yearly: true,
      seeDetails: false,
      team: { users: 3, plan: "expert" },
    });
    expect(parsePricingQuery("?plan=standard")).toEqual({ plan: "standard", team: null });
    expect(parsePricingQuery("?users=4")).toEqual({ users: 4, team: null });
  });

  it.each([
    "?users=abc",
    "?users=0",
    "?users=-2",
    "?users=2.5",
    "?users=",
    "?plan=gold",
    "?plan=Expert",
    "?yearly=yes",
    "?seeDetails=1",
  ])("ignores the unparseable %s", (search) => {
    expect(parsePricingQuery(search)).toEqual({ team: null });
  });

  it("writes back only what parsed", () => {
    expect(pricingQueryString(parsePricingQuery("?users=3&plan=expert&yearly=true&junk=1"))).toBe(
      "?users=3&plan=expert&yearly=true",
    );
    expect(pricingQueryString({})).toBe("");
  });

  it("prices a seat monthly or yearly, and a team", () => {
    expect([seatPrice("starter", false), seatPrice("starter", true)]).toEqual([10, 8.33]);
    expect([seatPrice("standard", false), seatPrice("standard", true)]).toEqual([20, 17]);
    expect([seatPrice("expert", false), seatPrice("expert", true)]).toEqual([60, 50]);
    expect(monthlyTotal("starter", true, 3)).toBe(24.99);
    expect(monthlyTotal("expert", false, 3)).toBe(180);
    expect(yearlySavingPercent("expert")).toBe(17);
  });
});
