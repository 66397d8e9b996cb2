// Events as Stripe records them: a snapshot of the object, what changed, the request that caused it.
import { newId } from "../ids.ts";
import { API_VERSION } from "../wire.ts";
import type { Deliverer } from "./delivery.ts";

export interface StripeEventObject {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface DeliveryAttempt {
  /** 1 for the first try of this delivery, then 2, 3… for retries. */
  attempt: number;
  /** A second delivery of the same event (Stripe delivers at least once). */
  duplicate: boolean;
  /** Asked for through `/_control/events/:id/replay`. */
  replay: boolean;
  /** Wall-clock milliseconds. */
  at: number;
  status: number | null;
  error: string | null;
  ok: boolean;
  durationMs: number;
}

export interface EventRecord {
  /** Creation order (events of one second share `created`). */
  seq: number;
  event: StripeEventObject;
  /** The exact body sent (pretty-printed JSON, as Stripe sends it). */
  payload: string;
  deliveries: DeliveryAttempt[];
}

export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !("object" in v);

/** Stripe's `previous_attributes`: the old values of what changed; plain hashes only down to the changed keys. */
export function previousAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[key] = isPlain(a) && isPlain(b) ? previousAttributes(a, b) : (a ?? null);
  }
  return out;
}

export class EventLog {
  readonly records = new Map<string, EventRecord>();
  /** Set by the API router while a request runs, so events name the request that caused them. */
  request: RequestInfo | null = null;
  private seq = 0;
  private readonly deliverer: Deliverer;
  private readonly now: () => number;

  constructor(deliverer: Deliverer, now: () => number) {
    this.deliverer = deliverer;
    this.now = now;
  }

  /** Records an event with a snapshot of `object` and hands it to delivery. */
  emit(type: string, object: object, before?: object): StripeEventObject {
    const snapshot = structuredClone(object) as Record<string, unknown>;
    const event: StripeEventObject = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: this.now(),
      data: before
        ? {
            object: snapshot,
            previous_attributes: previousAttributes(before as Record<string, unknown>, snapshot),
          }
        : { object: snapshot },
      livemode: false,
      pending_webhooks: this.deliverer.wants(type) ? 1 : 0,
      request: this.request ?? { id: null, idempotency_key: null },
      type,
    };
    const record: EventRecord = {
      seq: ++this.seq,
      event,
      payload: JSON.stringify(event, null, 2),
      deliveries: [],
    };
    this.records.set(event.id, record);
    this.deliverer.send(record);
    return event;
  }

  /** Oldest first. */
  list(): EventRecord[] {
    return [...this.records.values()];
  }

  reset(): void {
    this.records.clear();
    this.seq = 0;
    this.request = null;
  }
}
