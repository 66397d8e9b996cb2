// One telemetry item as a Workers Analytics Engine data point. The column layout is what the README's SQL
// queries read: keep the two in step.
import type { TelemetryItem } from "./items";

export interface DataPoint {
  indexes: string[];
  blobs: string[];
  doubles: number[];
}

/**
 * blob1 type, blob2 name, blob3 route, blob4 model, blob5 rating, blob6 session id, blob7 user id ("" when
 * anonymous), blob8 country; double1 value, double2 duration, double3 status, double4 client time (ms).
 * index1 (the sampling key) is the session, so one session's events are sampled together.
 */
export function toDataPoint(
  item: TelemetryItem,
  context: { sessionId: string; userId: number | null; country?: string | null },
): DataPoint {
  return {
    indexes: [context.sessionId.slice(0, 96)],
    blobs: [
      item.type,
      item.name,
      item.route ?? "",
      item.model ?? "",
      item.rating ?? "",
      context.sessionId,
      context.userId === null ? "" : String(context.userId),
      context.country ?? "",
    ],
    doubles: [item.value ?? 0, item.duration ?? 0, item.status ?? 0, item.at],
  };
}
