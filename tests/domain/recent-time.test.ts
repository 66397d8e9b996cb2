// Quick search's short times: which form a date takes against now, and how each reads in a few languages.
import { describe, expect, it } from "vitest";
import { type RecentTimeKind, recentTime, recentTimeKind } from "../../src/domain/recent-time";

/** Local time: the rule counts the reader's calendar days, whatever the machine's zone. */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

const NOW = at(2026, 11, 27, 15, 7); // a Friday

describe("recentTimeKind", () => {
  it.each<[string, Date, Date, RecentTimeKind]>([
    ["a minute ago", at(2026, 11, 27, 15, 6), NOW, "time"],
    ["just after midnight today", at(2026, 11, 27, 0, 0), NOW, "time"],
    ["later today (a clock behind)", at(2026, 11, 27, 23, 59), NOW, "time"],
    ["just before midnight yesterday", at(2026, 11, 26, 23, 59), NOW, "yesterday"],
    ["first minute of yesterday", at(2026, 11, 26, 0, 0), NOW, "yesterday"],
    ["less than a day ago but yesterday", at(2026, 11, 27, 0, 30), at(2026, 11, 28, 0, 10), "yesterday"],
    ["two days ago", at(2026, 11, 25, 9, 0), NOW, "weekday"],
    ["six days ago", at(2026, 11, 21, 0, 0), NOW, "weekday"],
    ["a week ago, same weekday as today", at(2026, 11, 20, 23, 59), NOW, "dayMonth"],
    ["earlier this year", at(2026, 1, 1, 0, 0), NOW, "dayMonth"],
    ["last year", at(2025, 12, 31, 23, 59), NOW, "date"],
    ["yesterday across the new year", at(2025, 12, 31, 22, 0), at(2026, 1, 1, 8, 0), "yesterday"],
    ["within the week across the new year", at(2025, 12, 28, 10, 0), at(2026, 1, 2, 8, 0), "weekday"],
    ["a week back across the new year", at(2025, 12, 26, 10, 0), at(2026, 1, 2, 8, 0), "date"],
    ["yesterday over a spring clock change", at(2026, 3, 28, 23, 30), at(2026, 3, 29, 23, 30), "yesterday"],
    ["six days over an autumn clock change", at(2026, 10, 20, 0, 10), at(2026, 10, 26, 23, 50), "weekday"],
    ["tomorrow (a clock ahead)", at(2026, 11, 28, 9, 0), NOW, "dayMonth"],
    ["next year (a clock far ahead)", at(2027, 1, 2, 9, 0), NOW, "date"],
  ])("%s", (_, date, now, kind) => {
    expect(recentTimeKind(date, now)).toBe(kind);
  });
});

describe("recentTime", () => {
  it.each<[string, Date, string]>([
    ["en", at(2026, 11, 27, 9, 5), "9:05 AM"],
    ["en", at(2026, 11, 26, 20, 0), "Yesterday"],
    ["en", at(2026, 11, 24, 20, 0), "Tue"],
    ["en", at(2026, 3, 4, 20, 0), "Mar 4"],
    ["en", at(2025, 3, 4, 20, 0), "Mar 4, 2025"],
    ["fr", at(2026, 11, 27, 9, 5), "09:05"],
    ["fr", at(2026, 11, 26, 20, 0), "Hier"],
    ["fr", at(2026, 11, 24, 20, 0), "mar."],
    ["fr", at(2026, 3, 4, 20, 0), "4 mars"],
    ["de", at(2026, 11, 26, 20, 0), "Gestern"],
    ["de", at(2026, 3, 4, 20, 0), "4. März"],
    ["de", at(2025, 3, 4, 20, 0), "04.03.2025"],
    ["pl", at(2026, 11, 26, 20, 0), "Wczoraj"],
  ])("writes %s: %s as %j", (locale, date, text) => {
    expect(recentTime(date.toISOString(), locale, NOW)).toBe(text);
  });

  it("is shorter than the full date and time it stands for, in each form", () => {
    for (const date of [at(2026, 11, 27, 9, 5), at(2026, 11, 26), at(2026, 11, 24), at(2026, 3, 4)])
      expect(recentTime(date.toISOString(), "en", NOW).length).toBeLessThan("Nov 27, 2026, 3:07 PM".length);
  });

  it("writes nothing for a date it cannot read", () => {
    expect(recentTime("not a date", "en", NOW)).toBe("");
  });
});
