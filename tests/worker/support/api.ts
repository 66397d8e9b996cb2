// Calls the Worker as the browser would (same origin, JSON, session cookie) and reads its SSE streams.
import { exports } from "cloudflare:workers";
import type { StreamEvent } from "../../../src/domain/chat/stream-events";

export const ORIGIN = "http://app.test";

export function api(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    headers.set("Origin", ORIGIN);
  }
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === "string"
            ? init.body
            : JSON.stringify(init.body),
    }),
  );
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface SseEvent {
  id: number | null;
  event: StreamEvent;
}

/**
 * Reads an SSE response until `until` says stop (or the stream ends), then cancels it — like a browser
 * tab that goes away.
 */
export async function readSse(res: Response, until: (e: SseEvent, all: SseEvent[]) => boolean = () => false) {
  const events: SseEvent[] = [];
  if (!res.body) throw new Error(`no stream body (HTTP ${res.status})`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf("\n\n");
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        const idLine = block.split("\n").find((l) => l.startsWith("id: "));
        const e = {
          id: idLine ? Number(idLine.slice(4)) : null,
          event: JSON.parse(data.slice(6)) as StreamEvent,
        };
        events.push(e);
        if (until(e, events)) return events;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

export const textOf = (events: SseEvent[]) =>
  events.map((e) => (e.event.type === "text" ? e.event.delta : "")).join("");
