// The two client transports (plain TCP, WebSocket carrying raw protocol bytes) behind one small interface.
import type net from "node:net";
import WebSocket, { type RawData } from "ws";

export interface ClientLink {
  write(data: Buffer): void;
  /** Flushes what was written, then closes. */
  close(): void;
  /** Closes at once (server shutdown). */
  destroy(): void;
}

/** What the bridge needs from a per-connection session, whatever the backend. */
export interface Session {
  clientData(chunk: Buffer): void;
  /** The client went away (closed, reset or errored). */
  clientGone(): void;
  shutdown(): Promise<void>;
}

export function attachTcp(socket: net.Socket, makeSession: (link: ClientLink) => Session): void {
  socket.setNoDelay(true);
  const link: ClientLink = {
    write: (data) => {
      if (socket.writable) socket.write(data);
    },
    close: () => {
      if (socket.writable) socket.end(() => socket.destroy());
      else socket.destroy();
    },
    destroy: () => socket.destroy(),
  };
  const session = makeSession(link);
  socket.on("data", (chunk) => session.clientData(chunk));
  socket.on("error", () => {}); // "close" follows and does the cleanup
  socket.on("close", () => session.clientGone());
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * The Neon driver sends raw Postgres protocol bytes in binary WebSocket messages with arbitrary
 * boundaries, so messages are just appended to a byte stream; the URL path and query are ignored.
 */
export function attachWebSocket(ws: WebSocket, makeSession: (link: ClientLink) => Session): void {
  const link: ClientLink = {
    write: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: true });
    },
    close: () => {
      if (ws.readyState === WebSocket.OPEN) ws.close(1000);
      else ws.terminate();
    },
    destroy: () => ws.terminate(),
  };
  const session = makeSession(link);
  ws.on("message", (data) => session.clientData(toBuffer(data)));
  ws.on("error", () => {}); // "close" follows
  ws.on("close", () => session.clientGone());
}
