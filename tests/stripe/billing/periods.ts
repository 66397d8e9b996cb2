// Billing periods on the calendar (a month from the 31st ends on the last day of a short month) and dates.

export type Interval = "day" | "week" | "month" | "year";

function addMonths(ts: number, months: number): number {
  const d = new Date(ts * 1000);
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** `anchor` plus `n` intervals, keeping the anchor's day of month. */
export function addIntervals(anchor: number, interval: Interval, count: number, n: number): number {
  switch (interval) {
    case "day":
      return anchor + 86_400 * count * n;
    case "week":
      return anchor + 7 * 86_400 * count * n;
    case "month":
      return addMonths(anchor, count * n);
    case "year":
      return addMonths(anchor, 12 * count * n);
  }
}

/** The first period boundary after `after`, counted from the billing cycle anchor. */
export function nextBoundary(anchor: number, interval: Interval, count: number, after: number): number {
  let n = 1;
  let boundary = addIntervals(anchor, interval, count, n);
  while (boundary <= after) boundary = addIntervals(anchor, interval, count, ++n);
  return boundary;
}

/** Share of the period [start, end] left after `at`, by the second. */
export function remainingShare(at: number, start: number, end: number): number {
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - at) / (end - start)));
}

export function formatDate(ts: number): string {
  return new Date(ts * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function intervalLabel(interval: string, count: number): string {
  return count === 1 ? interval : `${count} ${interval}s`;
}
