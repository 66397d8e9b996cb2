// The fair-usage rate's rule: when one more request fits every window, given the recent requests.
import { describe, expect, it } from "vitest";
import { FAIR_USAGE_RATES, fairUsageWait } from "../../src/domain/fair-usage.ts";
import { NOW, RATES, requests } from "../support/fair-usage-cases.ts";

describe("fairUsageWait", () => {
  it.each([
    ["nothing recent", [], null],
    ["under both limits", requests(2, 1, 1), null],
    ["the minute full: waits until its oldest leaves", requests(3, 1, 10), 60 - 21],
    ["the minute full long ago: fits", requests(3, 61, 1), null],
    ["the hour full: waits for the 5th newest to be an hour old", requests(5, 100, 600), 3600 - 2500],
    ["both full: the longer wait", [...requests(3, 1, 1), ...requests(2, 1000, 1)], 3600 - 1001],
    ["more than a limit (rows from before): its limit-th newest decides", requests(4, 5, 5), 60 - 15],
  ])("%s", (_label, recent, expected) => {
    expect(fairUsageWait(recent, NOW, RATES)).toBe(expected);
  });

  it("never answers less than a second", () => {
    expect(fairUsageWait(requests(3, 59.9, 0), NOW, RATES)).toBe(1);
  });

  it("allows a person 20 a minute and 300 an hour", () => {
    expect(FAIR_USAGE_RATES).toEqual([
      { limit: 20, windowSeconds: 60 },
      { limit: 300, windowSeconds: 3600 },
    ]);
  });
});
