// What the client sends to the collector: the wire shape of one telemetry item (the collector's zod schema
// is written against it). Names, numbers and route patterns only — never message contents or addresses.

import { FIRST_INPUT_THRESHOLDS } from "./constants";

export const ITEM_TYPES = ["vital", "error", "api", "stream", "navigation", "action", "span"] as const;
export type TelemetryItemType = (typeof ITEM_TYPES)[number];

export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

export interface TelemetryItem {
  type: TelemetryItemType;
  /** What was measured or happened: "LCP", "unhandled", "fair_usage_limit", "ttft", "click"… */
  name: string;
  /** Milliseconds, a count or a score (CLS); absent for plain events. */
  value?: number;
  /** When, in epoch milliseconds. */
  at: number;
  /** The page's route pattern (ids replaced), e.g. "/app/a/:id/c/:id". */
  route?: string;
  /** A model key, for stream health. */
  model?: string;
  /** An HTTP status (failed API calls). */
  status?: number;
  rating?: Rating;
  /** Spans: how long it lasted, in milliseconds. */
  duration?: number;
}

export interface CollectBody {
  items: TelemetryItem[];
}

/** Numeric path segments and UUIDs become ":id", so routes group and carry no identifiers. */
export function routePattern(path: string): string {
  return (
    path
      .split("?")[0]
      ?.replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, "/:id")
      .replace(/\/\d+(?=\/|$)/g, "/:id")
      .slice(0, 200) ?? "/"
  );
}

/** A first input's delay as good / needs-improvement / poor (SPEC §9's 100 and 300 ms). */
export function firstInputRating(delayMs: number): Rating {
  const [good, poor] = FIRST_INPUT_THRESHOLDS;
  if (delayMs <= good) return "good";
  return delayMs <= poor ? "needs-improvement" : "poor";
}

/** A monitoring session id as the client makes them (a UUID); anything else the collector calls invalid. */
export const isSessionId = (value: string | undefined | null): value is string =>
  typeof value === "string" && /^[A-Za-z0-9-]{8,64}$/.test(value);
