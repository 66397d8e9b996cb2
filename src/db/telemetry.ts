// Telemetry items as the collector stores them locally (production writes to Workers Analytics Engine).
import { telemetryEvent } from "../../drizzle/schema";
import type { TelemetryItem } from "../domain/monitoring/items";
import type { Database } from "./client";

export async function insertTelemetry(
  db: Database,
  { sessionId, userId, items }: { sessionId: string; userId: number | null; items: readonly TelemetryItem[] },
): Promise<void> {
  if (items.length === 0) return;
  await db.insert(telemetryEvent).values(
    items.map(({ type, name, value, at, route, ...data }) => ({
      sessionId,
      userId,
      type,
      name,
      value: value ?? null,
      at: new Date(at),
      route: route ?? null,
      data,
    })),
  );
}
