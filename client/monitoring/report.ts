// What the app calls to record telemetry. This file is in the first load, so it only queues: the transport,
// web vitals and the listeners load after the page is interactive (monitor.ts) and drain the queue.
import type { TelemetryItem } from "../../src/domain/monitoring/items";

export type Report = Omit<TelemetryItem, "at"> & { at?: number };

/** Items reported before the monitor loaded; capped, so a page that never loads it cannot grow forever. */
const early: TelemetryItem[] = [];
const EARLY_CAP = 100;
let sink: ((item: TelemetryItem) => void) | null = null;

export function report(item: Report): void {
  const full = { ...item, at: item.at ?? Date.now() };
  if (sink) sink(full);
  else if (early.length < EARLY_CAP) early.push(full);
}

/** The monitor takes over: what was queued goes first. */
export function connectSink(next: (item: TelemetryItem) => void): void {
  sink = next;
  for (const item of early.splice(0)) next(item);
}

/** An error's class only ("TypeError"): its message may quote what the user wrote. */
export function errorKind(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return name.replace(/[^\w]/g, "").slice(0, 40) || "Error";
}

/** How long after the page's load event the monitor (and web-vitals) are fetched. */
const MONITOR_DELAY_MS = 3_000;

/** Unhandled errors from now on; the rest of monitoring once the page has loaded and the browser is idle. */
export function startMonitoring(): void {
  addEventListener("error", (event: ErrorEvent) =>
    report({ type: "error", name: `unhandled.${errorKind(event.error)}` }),
  );
  addEventListener("unhandledrejection", (event: PromiseRejectionEvent) =>
    report({ type: "error", name: `rejection.${errorKind(event.reason)}` }),
  );
  const load = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    // A few seconds after the load: the first screen's own requests and rendering have the phone to
    // themselves (web-vitals reads the buffered paint and layout-shift entries it missed).
    setTimeout(
      () => idle(() => void import("./monitor").then((m) => m.start()).catch(() => {}), { timeout: 5_000 }),
      MONITOR_DELAY_MS,
    );
  };
  if (document.readyState === "complete") load();
  else addEventListener("load", load, { once: true });
}
