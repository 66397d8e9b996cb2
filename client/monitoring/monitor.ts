// The monitoring that loads after the page is interactive: the transport (src/domain/monitoring) driven by
// timers and fetch, web vitals, first input, navigation timings, grouped user actions, and the last flush
// when the page goes away.

import {
  API_KEY_HEADER,
  SESSION_ID_HEADER,
  SESSION_STATUS_HEADER,
} from "../../src/domain/monitoring/constants";
import { firstInputRating, routePattern, type TelemetryItem } from "../../src/domain/monitoring/items";
import {
  type MonitoringSession,
  type Outgoing,
  TelemetryTransport,
} from "../../src/domain/monitoring/transport";
import { ActionGrouper } from "../../src/domain/monitoring/user-actions";
import { connectSink } from "./report";
import { observeVitals } from "./vitals";

/** The collector: this Worker's own unless the build names another (VITE_COLLECT_URL, path ending /collect). */
const COLLECT_URL: string = import.meta.env.VITE_COLLECT_URL || "/api/collect";
const API_KEY: string | undefined = import.meta.env.VITE_COLLECT_API_KEY || undefined;
const SESSION_KEY = "monitoring-session";

function keptSession(): MonitoringSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null") as MonitoringSession | null;
  } catch {
    return null;
  }
}

let started = false;

export function start(): void {
  if (started) return;
  started = true;
  // Our own sends must not count as requests of a user action, so they use the fetch from before the wrap.
  const send = window.fetch.bind(window);
  const transport = new TelemetryTransport({
    now: Date.now,
    newSessionId: () => crypto.randomUUID(),
    log: (message, detail) => console.warn(message, detail),
    session: keptSession(),
  });
  const actions = new ActionGrouper(Date.now);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let actionTimer: ReturnType<typeof setTimeout> | undefined;

  const keep = () => {
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(transport.session()));
    } catch {
      // Without session storage each page starts its own monitoring session.
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    const at = transport.nextWakeAt();
    if (at !== null) timer = setTimeout(pump, Math.max(0, at - Date.now()));
  };
  // The collector is not necessarily this app's API (an environment may name another), and a send must
  // be able to outlive the page (keepalive): so a plain fetch, not the typed API client.
  const post = (o: Outgoing) =>
    send(COLLECT_URL, {
      method: "POST",
      body: o.body,
      keepalive: o.keepalive,
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        [SESSION_ID_HEADER]: o.sessionId,
        ...(API_KEY ? { [API_KEY_HEADER]: API_KEY } : {}),
      },
    }).then(
      (res) =>
        transport.settle(o.id, {
          status: res.status,
          retryAfter: res.headers.get("Retry-After"),
          sessionStatus: res.headers.get(SESSION_STATUS_HEADER),
        }),
      () => transport.settle(o.id, { status: 0 }),
    );
  const pump = () => {
    for (const o of transport.take()) void post(o).finally(schedule);
    keep();
    schedule();
  };
  const add = (item: TelemetryItem) => {
    transport.add(item.route ? item : { ...item, route: routePattern(location.pathname) });
    schedule();
  };
  const addSpan = (span: TelemetryItem) => {
    transport.addSpan({ ...span, route: routePattern(location.pathname) });
    schedule();
  };
  const flushActions = () => {
    clearTimeout(actionTimer);
    const done = actions.poll();
    if (done) add(done);
    const at = actions.closeAt();
    if (Number.isFinite(at)) actionTimer = setTimeout(flushActions, Math.max(0, at - Date.now()));
  };

  connectSink(add);
  const vitals = observeVitals(add);
  observeFirstInput(add);
  navigationSpans(addSpan);

  // Clicks and Enter on controls, by element kind only (never their text), grouped into user actions.
  const interact = (name: string) => {
    const closed = actions.interact(name, routePattern(location.pathname));
    if (closed) add(closed);
    flushActions();
  };
  addEventListener("click", (e) => interact(`click.${kindOf(e.target)}`), { capture: true, passive: true });
  addEventListener("keydown", (e) => e.key === "Enter" && interact(`enter.${kindOf(e.target)}`), {
    capture: true,
    passive: true,
  });
  window.fetch = (...args) => {
    actions.requestStarted();
    return send(...args).finally(() => {
      actions.requestEnded();
      flushActions();
    });
  };

  const leave = () => {
    const done = actions.poll();
    if (done) add(done);
    for (const o of transport.unload()) void post(o);
    keep();
  };
  // Listening now, and again once web-vitals has registered its own listeners (on window, capture), so
  // the CLS, LCP and INP it reports on hiding make a second, last flush.
  const listen = () => {
    addEventListener("visibilitychange", () => document.visibilityState === "hidden" && leave(), true);
    addEventListener("pagehide", () => leave(), true);
  };
  listen();
  void vitals.then(listen);
  schedule();
}

function kindOf(target: EventTarget | null): string {
  if (!(target instanceof Element)) return "page";
  const control = target.closest("button, a, input, textarea, select, [role]");
  return (control?.getAttribute("role") ?? control?.tagName.toLowerCase() ?? "page").replace(/[^\w-]/g, "");
}

/** First-input delay from the browser's own entry (buffered, so an input before we loaded still counts). */
function observeFirstInput(add: (item: TelemetryItem) => void): void {
  try {
    new PerformanceObserver((list, observer) => {
      const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
      if (!entry) return;
      const delay = entry.processingStart - entry.startTime;
      add({
        type: "vital",
        name: "FID",
        value: Math.round(delay),
        rating: firstInputRating(delay),
        at: Date.now(),
      });
      observer.disconnect();
    }).observe({ type: "first-input", buffered: true });
  } catch {
    // Not supported (Safari before 17): no first-input delay.
  }
}

/** The document's load, phase by phase, as spans. */
function navigationSpans(addSpan: (span: TelemetryItem) => void): void {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (!nav) return;
  const at = (t: number) => Math.round(performance.timeOrigin + t);
  const phases: [string, number, number][] = [
    ["dns", nav.domainLookupStart, nav.domainLookupEnd],
    ["connect", nav.connectStart, nav.connectEnd],
    ["request", nav.requestStart, nav.responseStart],
    ["response", nav.responseStart, nav.responseEnd],
    ["dom-interactive", 0, nav.domInteractive],
    ["dom-content-loaded", 0, nav.domContentLoadedEventEnd],
    ["load", 0, nav.loadEventEnd],
  ];
  for (const [name, from, to] of phases) {
    if (to >= from && to > 0)
      addSpan({ type: "span", name: `navigation.${name}`, at: at(from), duration: Math.round(to - from) });
  }
}
