// A short time for a list of recent things (quick search), as chat apps write it: the time today, "Yesterday",
// the weekday within the week, the day and month this year, the date before. The full date and time is
// message-time.ts's dateTime, for the element's title. Intl here: the dialog opens well after first render.

export type RecentTimeKind = "time" | "yesterday" | "weekday" | "dayMonth" | "date";

const DAY_MS = 86_400_000;

/** Local calendar days from `date` to `now` (a day around a clock change is 23 or 25 hours: rounded away). */
function daysBetween(date: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((start(now) - start(date)) / DAY_MS);
}

/** Which short form `date` takes, seen on `now`, both in the reader's time zone. A later day (a clock ahead) is dated. */
export function recentTimeKind(date: Date, now: Date): RecentTimeKind {
  const days = daysBetween(date, now);
  if (days === 0) return "time";
  if (days === 1) return "yesterday";
  // Six days back at most: a week ago is the same weekday as today, which would read as coming.
  if (days > 1 && days < 7) return "weekday";
  return date.getFullYear() === now.getFullYear() ? "dayMonth" : "date";
}

const OPTIONS: Readonly<Record<Exclude<RecentTimeKind, "yesterday">, Intl.DateTimeFormatOptions>> = {
  time: { timeStyle: "short" },
  weekday: { weekday: "short" },
  dayMonth: { day: "numeric", month: "short" },
  date: { dateStyle: "medium" },
};

/** Formats kept per language and kind: making one is the cost. */
const formats = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function format<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let made = formats.get(key);
  if (!made) {
    made = make();
    formats.set(key, made);
  }
  return made as T;
}

/** `iso` in its short form for the reader's language and time zone; "" for a date that cannot be read. */
export function recentTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const kind = recentTimeKind(date, now);
  if (kind === "yesterday") {
    // Intl's own word ("yesterday", "hier", "gestern"), capitalised as it stands alone.
    const word = format(`y${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(
      -1,
      "day",
    );
    return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
  }
  return format(`${kind}${locale}`, () => new Intl.DateTimeFormat(locale, OPTIONS[kind])).format(date);
}
