// Message times in every app language, held to Intl's own output (the app writes them without Intl).
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/domain/locales";
import { dateTime, messageTime } from "../../src/domain/message-time";

/** Every month, single- and two-digit days, both ends and the middle of the day, both sides of noon. */
const moments: Date[] = [];
for (let month = 0; month < 12; month++)
  for (const day of [1, 9, 28])
    for (const [hour, minute] of [
      [0, 0],
      [0, 5],
      [1, 59],
      [9, 7],
      [11, 30],
      [12, 0],
      [12, 45],
      [13, 1],
      [19, 10],
      [23, 59],
    ] as const)
      moments.push(new Date(2026, month, day, hour, minute, 42));

const today = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59);
const aYearLater = (date: Date) => new Date(date.getFullYear() + 1, date.getMonth(), date.getDate());

describe("messageTime", () => {
  it.each(LOCALES)("writes today's times in %s as Intl does (hour and minute, two digits each)", (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
    for (const date of moments)
      expect(messageTime(date.toISOString(), locale, today(date))).toBe(intl.format(date));
  });

  it.each(LOCALES)("writes older times in %s as Intl does (a medium date and a short time)", (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    for (const date of moments)
      expect(messageTime(date.toISOString(), locale, aYearLater(date))).toBe(intl.format(date));
  });

  it.each([
    {
      case: "yesterday, a minute before midnight",
      iso: new Date(2026, 10, 25, 23, 59).toISOString(),
      now: new Date(2026, 10, 26, 0, 1),
      out: "Nov 25, 2026, 11:59 PM",
    },
    {
      case: "today, a minute after midnight",
      iso: new Date(2026, 10, 26, 0, 1).toISOString(),
      now: new Date(2026, 10, 26, 23, 0),
      out: "12:01 AM",
    },
    {
      case: "the same day a year before",
      iso: new Date(2025, 10, 26, 9, 0).toISOString(),
      now: new Date(2026, 10, 26, 9, 0),
      out: "Nov 26, 2025, 9:00 AM",
    },
    { case: "not a date", iso: "soon", now: new Date(2026, 10, 26), out: "" },
  ])("tells today from other days in the reader's time zone: $case", ({ iso, now, out }) => {
    expect(messageTime(iso, "en", now)).toBe(out);
  });

  it.each(["en-GB", "ja", "de-CH"])("leaves a language the app has no style of (%s) to Intl", (locale) => {
    const date = new Date(2026, 2, 4, 16, 20);
    expect(messageTime(date.toISOString(), locale, aYearLater(date))).toBe(
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date),
    );
    expect(messageTime(date.toISOString(), locale, today(date))).toBe(
      new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(date),
    );
  });
});

describe("dateTime", () => {
  it.each(LOCALES)("writes the date and time in %s as Intl does, today's too", (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    for (const date of moments) expect(dateTime(date.toISOString(), locale)).toBe(intl.format(date));
  });

  it("writes nothing for what is not a date", () => {
    expect(dateTime("soon", "en")).toBe("");
  });
});
