// Server-Sent Events framing for the live stream.
import type { StreamEvent } from "../domain/chat/stream-events";

const encoder = new TextEncoder();

export function sseEvent(seq: number | null, event: StreamEvent): Uint8Array {
  const id = seq === null ? "" : `id: ${seq}\n`;
  return encoder.encode(`${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/** A comment line: keeps proxies from closing a quiet stream, ignored by EventSource. */
export const SSE_HEARTBEAT = encoder.encode(": keep-alive\n\n");

/** Tells EventSource how long to wait before reconnecting after a drop. */
export const SSE_RETRY = encoder.encode("retry: 1000\n\n");

export const SSE_HEADERS: Record<string, string> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** Last-Event-ID as a number; anything else reads as "from the start". */
export function parseLastEventId(value: string | null | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) return 0;
  return Number(value);
}
