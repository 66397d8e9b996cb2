// The telemetry transport's rules (SPEC §7/§9) against a fake clock: batching, concurrency, spans, keepalive
// on unload, 429 backoff in both Retry-After forms, session rotation and expiry.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_BACKOFF_MS,
  KEEPALIVE_BODY_LIMIT,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
} from "../../src/domain/monitoring/constants";
import type { TelemetryItem } from "../../src/domain/monitoring/items";
import { backoffMs, TelemetryTransport } from "../../src/domain/monitoring/transport";

function setup(session?: ConstructorParameters<typeof TelemetryTransport>[0]["session"]) {
  let time = 1_000_000;
  let ids = 0;
  const logs: string[] = [];
  const transport = new TelemetryTransport({
    now: () => time,
    newSessionId: () => `session-${++ids}`,
    log: (message) => logs.push(message),
    session,
  });
  return {
    transport,
    logs,
    advance: (ms: number) => {
      time += ms;
    },
    now: () => time,
  };
}

const vital = (i: number, extra: Partial<TelemetryItem> = {}): TelemetryItem => ({
  type: "vital",
  name: "LCP",
  value: i,
  at: 1,
  ...extra,
});

describe("batching", () => {
  it("flushes 250 ms after the first item, not before", () => {
    const { transport, advance, now } = setup();
    transport.add(vital(1));
    advance(100);
    transport.add(vital(2));
    expect(transport.nextWakeAt()).toBe(now() - 100 + 250);
    advance(149);
    expect(transport.take()).toEqual([]);
    advance(1);
    const [batch, ...rest] = transport.take();
    expect(rest).toEqual([]);
    expect(batch?.items.map((i) => i.value)).toEqual([1, 2]);
    expect(JSON.parse(batch?.body ?? "")).toEqual({ items: batch?.items });
    expect(batch?.keepalive).toBe(false);
    expect(transport.nextWakeAt()).toBeNull();
  });

  it("flushes at once at 50 items, 50 per request", () => {
    const { transport, now } = setup();
    for (let i = 0; i < 120; i++) transport.add(vital(i));
    expect(transport.nextWakeAt()).toBe(now());
    const sent = transport.take();
    // 50 and 50 go now; the last 20 wait for their own 250 ms.
    expect(sent.map((o) => o.items.length)).toEqual([50, 50]);
    expect(transport.pending).toBe(20);
  });

  it("keeps at most 5 requests in flight; an answer frees a slot", () => {
    const { transport } = setup();
    for (let i = 0; i < 50 * 7; i++) transport.add(vital(i));
    const first = transport.take();
    expect(first).toHaveLength(5);
    expect(transport.take()).toEqual([]);
    transport.settle(first[0]?.id ?? 0, { status: 202 });
    expect(transport.take()).toHaveLength(1);
  });

  it("exports spans 1000 ms after the first, 30 per export, 30 buffered at most", () => {
    const { transport, advance, logs } = setup();
    for (let i = 0; i < 35; i++) transport.addSpan({ type: "span", name: "navigation", at: 1, duration: i });
    expect(transport.pending).toBe(30);
    expect(transport.dropped).toBe(5);
    expect(logs.some((l) => l.includes("trace buffer full"))).toBe(true);
    advance(999);
    expect(transport.take()).toEqual([]);
    advance(1);
    expect(transport.take().map((o) => o.items.length)).toEqual([30]);
  });
});

describe("unload", () => {
  it("sends everything at once with keepalive when the body is at most 60,000 characters", () => {
    const { transport } = setup();
    transport.add(vital(1));
    transport.addSpan({ type: "span", name: "load", at: 1 });
    const out = transport.unload();
    expect(out.map((o) => o.items.length)).toEqual([1, 1]);
    expect(out.every((o) => o.keepalive)).toBe(true);
  });

  it("splits a larger body until each part fits; a single item too large goes without keepalive", () => {
    const { transport } = setup();
    const route = `/${"x".repeat(1_990)}`;
    for (let i = 0; i < 50; i++) transport.add(vital(i, { route }));
    const huge = vital(99, { name: "n".repeat(KEEPALIVE_BODY_LIMIT) });
    transport.add(huge);
    const out = transport.unload();
    expect(out.reduce((n, o) => n + o.items.length, 0)).toBe(51);
    const small = out.filter((o) => o.items[0] !== huge);
    expect(small.length).toBeGreaterThan(1);
    for (const o of small) {
      expect(o.body.length).toBeLessThanOrEqual(KEEPALIVE_BODY_LIMIT);
      expect(o.keepalive).toBe(true);
    }
    expect(out.find((o) => o.items[0] === huge)?.keepalive).toBe(false);
  });

  it("a body of exactly 60,000 characters still has keepalive, one more does not", () => {
    const { transport } = setup();
    const base = JSON.stringify({ items: [vital(1, { name: "" })] }).length;
    transport.add(vital(1, { name: "a".repeat(KEEPALIVE_BODY_LIMIT - base) }));
    const [exact] = transport.unload();
    expect(exact?.body.length).toBe(KEEPALIVE_BODY_LIMIT);
    expect(exact?.keepalive).toBe(true);
    transport.add(vital(1, { name: "a".repeat(KEEPALIVE_BODY_LIMIT - base + 1) }));
    expect(transport.unload()[0]?.keepalive).toBe(false);
  });
});

describe("429 backoff", () => {
  it.each([
    ["seconds", "7", 7_000],
    ["an HTTP date", new Date(1_000_000 + 12_000).toUTCString(), 12_000],
    ["nothing", null, DEFAULT_BACKOFF_MS],
    ["junk", "soon", DEFAULT_BACKOFF_MS],
    ["a date in the past", new Date(0).toUTCString(), 0],
  ])("Retry-After as %s", (_label, header, wait) => {
    // HTTP dates have whole seconds: the fake clock starts on one.
    expect(backoffMs(header, 1_000_000)).toBe(wait);
  });

  it.each([
    ["seconds", () => "3", 3_000],
    ["an HTTP date", (now: number) => new Date(now + 4_000).toUTCString(), 4_000],
    ["no header", () => null, 5_000],
  ])("stops sending until the retry time (%s), logging what it drops", (_label, header, wait) => {
    const { transport, advance, now, logs } = setup();
    transport.add(vital(1));
    advance(1_000); // past the flush delay, on a whole second (HTTP dates have no milliseconds)
    const [sent] = transport.take();
    transport.settle(sent?.id ?? 0, { status: 429, retryAfter: header(now()) });
    expect(transport.backoffUntil).toBe(now() + wait);
    expect(logs.at(-1)).toContain("rate limited");
    transport.add(vital(2));
    expect(transport.pending).toBe(0);
    expect(logs.at(-1)).toContain("dropped during backoff");
    expect(transport.unload()).toEqual([]);
    advance(wait - 1);
    transport.add(vital(3));
    expect(transport.take()).toEqual([]);
    expect(transport.dropped).toBe(3);
    advance(1);
    transport.add(vital(4));
    advance(250);
    expect(transport.take().map((o) => o.items.map((i) => i.value))).toEqual([[4]]);
  });

  it("a failed send is logged and dropped, and does not stop sending", () => {
    const { transport, advance, logs } = setup();
    transport.add(vital(1));
    advance(250);
    const [sent] = transport.take();
    transport.settle(sent?.id ?? 0, { status: 0 });
    expect(logs.at(-1)).toContain("send failed (network error)");
    expect(transport.backoffUntil).toBe(0);
  });
});

describe("sessions", () => {
  it("a 202 with session-status: invalid starts a new session for the next requests", () => {
    const { transport, advance } = setup();
    transport.add(vital(1));
    advance(250);
    const [first] = transport.take();
    expect(first?.sessionId).toBe("session-1");
    transport.settle(first?.id ?? 0, { status: 202, sessionStatus: "invalid" });
    transport.add(vital(2));
    advance(250);
    expect(transport.take()[0]?.sessionId).toBe("session-2");
  });

  it("a plain 202 keeps the session", () => {
    const { transport, advance } = setup();
    transport.add(vital(1));
    advance(250);
    const [first] = transport.take();
    transport.settle(first?.id ?? 0, { status: 202, sessionStatus: null });
    expect(transport.session().id).toBe("session-1");
  });

  it("expires after 15 minutes idle", () => {
    const { transport, advance } = setup();
    transport.add(vital(1));
    advance(SESSION_IDLE_MS - 1);
    expect(transport.session().id).toBe("session-1");
    transport.add(vital(2)); // activity: the idle clock restarts
    advance(SESSION_IDLE_MS - 1);
    expect(transport.session().id).toBe("session-1");
    advance(1);
    expect(transport.session().id).toBe("session-2");
  });

  it("expires 4 hours after it started, however busy", () => {
    const { transport, advance } = setup();
    for (let t = 0; t < SESSION_MAX_MS; t += 10 * 60_000) {
      transport.add(vital(t));
      expect(transport.session().id).toBe("session-1");
      advance(10 * 60_000);
    }
    expect(transport.session().id).toBe("session-2");
  });

  it("continues a kept session unless it has expired", () => {
    const kept = { id: "kept-session", startedAt: 1_000_000 - 60_000, lastActiveAt: 1_000_000 - 1_000 };
    expect(setup(kept).transport.session().id).toBe("kept-session");
    const stale = { ...kept, lastActiveAt: 1_000_000 - SESSION_IDLE_MS };
    expect(setup(stale).transport.session().id).toBe("session-1");
  });
});
