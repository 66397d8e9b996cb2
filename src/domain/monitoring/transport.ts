// The client's telemetry transport as a pure state machine: items and spans in, requests out, answers back.
// Time is only ever read from the injected clock, so every rule of SPEC §7/§9 is testable with a fake one;
// the browser glue (client/monitoring/) owns the timers, fetch and the page's lifecycle.
import {
  DEFAULT_BACKOFF_MS,
  FLUSH_DELAY_MS,
  KEEPALIVE_BODY_LIMIT,
  MAX_BATCH_ITEMS,
  MAX_CONCURRENT_SENDS,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SPANS_PER_EXPORT,
  TRACE_BATCH_DELAY_MS,
  TRACE_BUFFER,
} from "./constants";
import type { TelemetryItem } from "./items";

export interface MonitoringSession {
  id: string;
  startedAt: number;
  lastActiveAt: number;
}

export interface TransportOptions {
  now: () => number;
  newSessionId: () => string;
  /** Failed sends and items dropped during a backoff (SPEC §8). */
  log?: (message: string, detail?: Record<string, unknown>) => void;
  /** A session kept from an earlier page of the same tab; used unless it has expired. */
  session?: MonitoringSession | null;
}

/** One request to make: its JSON body and whether it may outlive the page (fetch keepalive). */
export interface Outgoing {
  id: number;
  sessionId: string;
  items: TelemetryItem[];
  body: string;
  keepalive: boolean;
}

/** What came back: status 0 for a network failure; headers as read (null when absent). */
export interface SendResult {
  status: number;
  retryAfter?: string | null;
  sessionStatus?: string | null;
}

/** How long a 429 stops sending: Retry-After in seconds or as an HTTP date, else the default. */
export function backoffMs(retryAfter: string | null | undefined, now: number): number {
  const value = retryAfter?.trim() ?? "";
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? DEFAULT_BACKOFF_MS : Math.max(0, date - now);
}

export const sessionExpired = (session: MonitoringSession, now: number) =>
  now - session.lastActiveAt >= SESSION_IDLE_MS || now - session.startedAt >= SESSION_MAX_MS;

export class TelemetryTransport {
  private items: TelemetryItem[] = [];
  private itemsSince: number | null = null;
  private spans: TelemetryItem[] = [];
  private spansSince: number | null = null;
  private readonly inFlight = new Map<number, Outgoing>();
  private nextId = 1;
  private blockedUntil = 0;
  private current: MonitoringSession | null;
  /** Items lost to backoffs, full buffers and failed sends since the start. */
  dropped = 0;

  constructor(private readonly options: TransportOptions) {
    const kept = options.session;
    this.current = kept && !sessionExpired(kept, options.now()) ? { ...kept } : null;
  }

  /** The session telemetry now belongs to: a new one when there is none or it has expired. */
  session(): MonitoringSession {
    const now = this.options.now();
    if (!this.current || sessionExpired(this.current, now)) {
      this.current = { id: this.options.newSessionId(), startedAt: now, lastActiveAt: now };
    }
    return this.current;
  }

  /** Until when a 429 stops sending (0 when it does not). */
  get backoffUntil(): number {
    return this.blockedUntil > this.options.now() ? this.blockedUntil : 0;
  }

  get pending(): number {
    return this.items.length + this.spans.length;
  }

  add(item: TelemetryItem): void {
    if (this.drop("backoff", [item])) return;
    this.session().lastActiveAt = this.options.now();
    this.items.push(item);
    this.itemsSince ??= this.options.now();
  }

  addSpan(span: TelemetryItem): void {
    if (this.drop("backoff", [span])) return;
    if (this.spans.length >= TRACE_BUFFER) return void this.lose("trace buffer full", [span]);
    this.session().lastActiveAt = this.options.now();
    this.spans.push(span);
    this.spansSince ??= this.options.now();
  }

  /** When the glue should call take() next, or null when nothing waits. */
  nextWakeAt(): number | null {
    if (this.pending === 0) return null;
    if (this.backoffUntil) return this.blockedUntil;
    const wakes: number[] = [];
    if (this.items.length >= MAX_BATCH_ITEMS) wakes.push(this.options.now());
    if (this.itemsSince !== null) wakes.push(this.itemsSince + FLUSH_DELAY_MS);
    if (this.spansSince !== null) wakes.push(this.spansSince + TRACE_BATCH_DELAY_MS);
    return Math.min(...wakes);
  }

  /** The requests due now, within the concurrency limit; nothing during a backoff. */
  take(): Outgoing[] {
    const now = this.options.now();
    const out: Outgoing[] = [];
    while (!this.backoffUntil && this.inFlight.size < MAX_CONCURRENT_SENDS) {
      const itemsDue =
        this.items.length >= MAX_BATCH_ITEMS ||
        (this.itemsSince !== null && now >= this.itemsSince + FLUSH_DELAY_MS);
      const spansDue = this.spansSince !== null && now >= this.spansSince + TRACE_BATCH_DELAY_MS;
      if (!itemsDue && !spansDue) break;
      const o = this.request(itemsDue ? this.takeItems() : this.takeSpans(), false);
      this.inFlight.set(o.id, o);
      out.push(o);
    }
    return out;
  }

  /** Applies a collector's answer to a request from take(). */
  settle(id: number, result: SendResult): void {
    const sent = this.inFlight.get(id);
    if (!sent) return;
    this.inFlight.delete(id);
    if (result.status === 429) {
      this.blockedUntil = this.options.now() + backoffMs(result.retryAfter, this.options.now());
      this.lose("rate limited by the collector", sent.items);
    } else if (result.status < 200 || result.status >= 300) {
      this.lose(`send failed (${result.status || "network error"})`, sent.items);
    } else if (result.sessionStatus?.toLowerCase() === "invalid" && this.current?.id === sent.sessionId) {
      this.current = null;
      this.session();
    }
  }

  /**
   * The page is going: everything waiting leaves now, past the flush delays and the concurrency limit.
   * A body of at most 60,000 characters may outlive the page (keepalive); a larger one is split until it
   * fits, and a single item too large for it is sent without keepalive (the browser may cancel it).
   */
  unload(): Outgoing[] {
    if (this.drop("backoff", [...this.items, ...this.spans])) {
      this.items = [];
      this.spans = [];
      this.itemsSince = this.spansSince = null;
      return [];
    }
    const out: Outgoing[] = [];
    const send = (items: TelemetryItem[]) => {
      const o = this.request(items, true);
      if (o.keepalive || items.length === 1) return void out.push(o);
      const half = Math.ceil(items.length / 2);
      send(items.slice(0, half));
      send(items.slice(half));
    };
    while (this.items.length > 0) send(this.takeItems());
    while (this.spans.length > 0) send(this.takeSpans());
    for (const o of out) this.inFlight.set(o.id, o);
    return out;
  }

  private takeItems(): TelemetryItem[] {
    const batch = this.items.splice(0, MAX_BATCH_ITEMS);
    this.itemsSince = this.items.length > 0 ? this.options.now() : null;
    return batch;
  }

  private takeSpans(): TelemetryItem[] {
    const batch = this.spans.splice(0, SPANS_PER_EXPORT);
    this.spansSince = this.spans.length > 0 ? this.options.now() : null;
    return batch;
  }

  private request(items: TelemetryItem[], unloading: boolean): Outgoing {
    const body = JSON.stringify({ items });
    return {
      id: this.nextId++,
      sessionId: this.session().id,
      items,
      body,
      keepalive: unloading && body.length <= KEEPALIVE_BODY_LIMIT,
    };
  }

  /** During a backoff nothing is kept: the items are counted and logged. */
  private drop(reason: "backoff", items: TelemetryItem[]): boolean {
    if (!this.backoffUntil) return false;
    if (items.length > 0) this.lose(`dropped during ${reason}`, items);
    return true;
  }

  private lose(reason: string, items: TelemetryItem[]): void {
    this.dropped += items.length;
    this.options.log?.(`Monitoring: ${reason}`, { items: items.length, dropped: this.dropped });
  }
}
