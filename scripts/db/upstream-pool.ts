// Idle server connections of the forward bridge, kept for the next client with the same startup (a pooler
// as Neon's own endpoint has): every request of the Worker opens a connection, and a new PostgreSQL backend
// costs ~15 ms to start and more to warm its catalogue caches on a small machine.
import type net from "node:net";

/** A server connection past its startup, with what the server said from AuthenticationOk to ReadyForQuery. */
export interface Upstream {
  socket: net.Socket;
  /** Replayed to the next client instead of a fresh startup (its parameters, its backend key). */
  greeting: Buffer;
}

/** How many idle connections are kept per startup: the rest close (each is a server process). */
const MAX_IDLE_PER_STARTUP = 16;

/** An idle connection closes after this long, as a pooler's server idle timeout does (PgBouncer: 10 min). */
const IDLE_TIMEOUT_MS = 5 * 60_000;

export class UpstreamPool {
  private readonly idle = new Map<string, Upstream[]>();
  private readonly timers = new WeakMap<Upstream, ReturnType<typeof setTimeout>>();
  private closed = false;

  private readonly idleTimeoutMs: number;

  // A plain field, not a parameter property: Node runs this file with its types stripped, nothing more.
  constructor(idleTimeoutMs = IDLE_TIMEOUT_MS) {
    this.idleTimeoutMs = idleTimeoutMs;
  }

  /** An idle connection opened with exactly this startup message (user, database, options), if any. */
  take(startup: Buffer): Upstream | undefined {
    const list = this.idle.get(startup.toString("latin1"));
    for (let upstream = list?.pop(); upstream; upstream = list?.pop()) {
      clearTimeout(this.timers.get(upstream));
      upstream.socket.removeAllListeners();
      if (!upstream.socket.destroyed) return upstream;
    }
    return undefined;
  }

  /** Keeps a connection the caller has reset (and let go of); one that closes while idle leaves the pool. */
  put(startup: Buffer, upstream: Upstream): void {
    const key = startup.toString("latin1");
    const list = this.idle.get(key) ?? [];
    if (this.closed || list.length >= MAX_IDLE_PER_STARTUP || upstream.socket.destroyed) {
      upstream.socket.destroy();
      return;
    }
    list.push(upstream);
    this.idle.set(key, list);
    upstream.socket.removeAllListeners();
    upstream.socket.on("error", () => {}); // "close" follows
    upstream.socket.on("data", () => upstream.socket.destroy()); // an idle server has nothing to say
    upstream.socket.once("close", () => {
      clearTimeout(this.timers.get(upstream));
      const at = list.indexOf(upstream);
      if (at >= 0) list.splice(at, 1);
    });
    // A server process is not kept for ever for a client that may not come back.
    const timer = setTimeout(() => upstream.socket.destroy(), this.idleTimeoutMs);
    timer.unref();
    this.timers.set(upstream, timer);
  }

  get size(): number {
    let n = 0;
    for (const list of this.idle.values()) n += list.length;
    return n;
  }

  close(): void {
    this.closed = true;
    for (const list of this.idle.values()) for (const upstream of list) upstream.socket.destroy();
    this.idle.clear();
  }
}
