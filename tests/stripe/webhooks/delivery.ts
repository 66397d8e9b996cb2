// Webhook delivery like Stripe's: at least once, out of order, retried with backoff, every attempt logged.
import type { DeliveryAttempt, EventRecord } from "./events.ts";
import { seededRandom } from "./rng.ts";
import { signatureHeader } from "./signature.ts";

export interface DeliveryOptions {
  /** Share of events delivered a second time (0…1). */
  duplicateRate?: number;
  /** Deliver concurrently after independent random delays (reorders); false keeps creation order. */
  shuffle?: boolean;
  /** Upper bound of the random delay before each delivery. */
  maxDelayMs?: number;
  /** Fixes which events get duplicated and every delay. */
  seed?: number;
  /** Waits before the retries of a failed delivery (non-2xx or network error); its length bounds them. */
  retryDelaysMs?: number[];
  /** Per attempt. */
  timeoutMs?: number;
}

/** What `npm run dev` gets unless told otherwise: duplicates and reordering you will notice. */
export const DEV_DELIVERY: DeliveryOptions = { duplicateRate: 0.2, shuffle: true, maxDelayMs: 300 };

/** Deterministic: each event once, in creation order, one at a time. */
export const ORDERED_DELIVERY: DeliveryOptions = { duplicateRate: 0, shuffle: false, maxDelayMs: 0 };

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Like a webhook endpoint's `enabled_events`: types, or `*` / `invoice.*`. Default: everything. */
  enabledEvents?: string[];
}

/** Unref'd: a pending retry never keeps a test process alive after close(). */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export class Deliverer {
  target: WebhookTarget | null;
  private readonly options: Required<Omit<DeliveryOptions, "seed">>;
  private random: () => number;
  private readonly seed: number;
  private readonly log: (line: string) => void;
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private waiters: (() => void)[] = [];
  private generation = 0;

  constructor(options: DeliveryOptions, target: WebhookTarget | null, log: (line: string) => void) {
    this.options = {
      duplicateRate: options.duplicateRate ?? DEV_DELIVERY.duplicateRate ?? 0,
      shuffle: options.shuffle ?? DEV_DELIVERY.shuffle ?? false,
      maxDelayMs: options.maxDelayMs ?? DEV_DELIVERY.maxDelayMs ?? 0,
      retryDelaysMs: options.retryDelaysMs ?? [500, 2_000, 5_000],
      timeoutMs: options.timeoutMs ?? 10_000,
    };
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.random = seededRandom(this.seed);
    this.target = target;
    this.log = log;
  }

  /** Whether an event of this type goes to the endpoint. */
  wants(type: string): boolean {
    const enabled = this.target?.enabledEvents ?? ["*"];
    if (!this.target) return false;
    return enabled.some(
      (e) => e === "*" || e === type || (e.endsWith(".*") && type.startsWith(e.slice(0, -1))),
    );
  }

  /** Schedules the delivery of a new event (and maybe its duplicate). */
  send(record: EventRecord): void {
    if (!this.wants(record.event.type)) return;
    const duplicate = this.random() < this.options.duplicateRate;
    const delays = [this.delay(), this.delay()];
    if (this.options.shuffle) {
      this.later(delays[0] as number, () => this.deliver(record, false, false));
      if (duplicate) this.later(delays[1] as number, () => this.deliver(record, true, false));
      return;
    }
    this.queue(delays[0] as number, () => this.deliver(record, false, false));
    if (duplicate) this.queue(delays[1] as number, () => this.deliver(record, true, false));
  }

  /** Delivers an event again now (with retries); resolves with this delivery's attempts. */
  async replay(record: EventRecord): Promise<DeliveryAttempt[]> {
    const before = record.deliveries.length;
    this.pending++;
    try {
      await this.deliver(record, false, true);
    } finally {
      this.done();
    }
    return record.deliveries.slice(before);
  }

  /** Resolves once nothing is scheduled or in flight. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Drops everything scheduled (reset, close) and restarts the random sequence from the seed. */
  cancelAll(): void {
    this.generation++;
    this.chain = Promise.resolve();
    this.pending = 0;
    this.random = seededRandom(this.seed);
    this.flushWaiters();
  }

  private delay(): number {
    return Math.floor(this.random() * this.options.maxDelayMs);
  }

  private later(ms: number, task: () => Promise<void>): void {
    const generation = this.generation;
    this.pending++;
    setTimeout(() => {
      if (generation !== this.generation) return;
      task().finally(() => generation === this.generation && this.done());
    }, ms).unref();
  }

  private queue(ms: number, task: () => Promise<void>): void {
    const generation = this.generation;
    this.pending++;
    this.chain = this.chain.then(async () => {
      if (generation !== this.generation) return;
      if (ms > 0) await sleep(ms);
      await task();
      if (generation === this.generation) this.done();
    });
  }

  private done(): void {
    this.pending = Math.max(0, this.pending - 1);
    if (this.pending === 0) this.flushWaiters();
  }

  private flushWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private async deliver(record: EventRecord, duplicate: boolean, replay: boolean): Promise<void> {
    const generation = this.generation;
    const retries = this.options.retryDelaysMs;
    for (let attempt = 1; ; attempt++) {
      const target = this.target;
      if (!target || generation !== this.generation) return;
      const result = await this.attempt(record, target, attempt, duplicate, replay);
      if (generation !== this.generation) return;
      record.deliveries.push(result);
      const what = `${record.event.type} ${record.event.id}${duplicate ? " (duplicate)" : ""}${replay ? " (replay)" : ""}`;
      this.log(
        `webhook ${what} → ${result.status ?? result.error} [attempt ${attempt}, ${result.durationMs} ms]`,
      );
      if (result.ok) {
        record.event.pending_webhooks = 0;
        return;
      }
      const wait = retries[attempt - 1];
      if (wait === undefined) {
        this.log(`webhook ${what}: gave up after ${attempt} attempts`);
        return;
      }
      await sleep(wait);
    }
  }

  private async attempt(
    record: EventRecord,
    target: WebhookTarget,
    attempt: number,
    duplicate: boolean,
    replay: boolean,
  ): Promise<DeliveryAttempt> {
    const at = Date.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(target.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "cache-control": "no-cache",
          accept: "*/*; q=0.5, application/xml",
          "stripe-signature": signatureHeader(record.payload, target.secret),
        },
        body: record.payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      error = cause ?? (err instanceof Error ? err.message : String(err));
    }
    const ok = status !== null && status >= 200 && status < 300;
    return { attempt, duplicate, replay, at, status, error, ok, durationMs: Date.now() - at };
  }
}
