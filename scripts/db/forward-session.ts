// One client connection piped to a TCP connection of its own to a real Postgres server (no locking needed),
// taken from the idle pool when one was opened with the same startup, and put back, reset, when it ends clean.
import net from "node:net";
import type { ClientLink, Session } from "./client-link.ts";
import {
  BackendParser,
  CANCEL_REQUEST,
  errorResponse,
  FrontendParser,
  GSSENC_REQUEST,
  isAuthenticationOk,
  SessionProgress,
  SSL_REQUEST,
  simpleQuery,
} from "./pg-protocol.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

export interface ForwardTarget {
  host: string;
  port: number;
}

/** How long the reset of a connection that goes back to the pool may take before it is closed instead. */
const RESET_TIMEOUT_MS = 5_000;

export class ForwardSession implements Session {
  private readonly link: ClientLink;
  private readonly target: ForwardTarget;
  private readonly pool: UpstreamPool | undefined;
  private readonly parser = new FrontendParser();
  private readonly onEnd: () => void;
  private upstream: net.Socket | null = null;
  private startup: Buffer | null = null;
  /** Until ReadyForQuery: the startup's messages, from AuthenticationOk on (null once greeted). */
  private handshake: { parser: BackendParser; greeting: Buffer[] } | null = null;
  private greeting: Buffer | null = null;
  private readonly progress = new SessionProgress();
  /** The client's Terminate, passed on when the server connection closes rather than going back to the pool. */
  private terminate: Buffer | null = null;
  /** A stream that could not be parsed: its server connection is never reused. */
  private broken = false;
  private ending = false;

  constructor(link: ClientLink, target: ForwardTarget, onEnd: () => void, pool?: UpstreamPool) {
    this.link = link;
    this.target = target;
    this.pool = pool;
    this.onEnd = onEnd;
  }

  // Messages are parsed to answer SSLRequest, to take a pooled connection for the startup, to spot
  // Terminate and to know when the connection is between requests; everything else passes through.
  clientData(chunk: Buffer): void {
    if (this.ending) return;
    try {
      for (const message of this.parser.push(chunk)) {
        // Plain text on both legs: the client talks to a loopback proxy, the bridge to a dev server.
        if (message.type === "" && (message.code === SSL_REQUEST || message.code === GSSENC_REQUEST)) {
          this.link.write(Buffer.from("N"));
          continue;
        }
        if (!this.upstream) {
          this.open(message.bytes, message.code !== CANCEL_REQUEST);
          continue;
        }
        // Terminate: the server connection may serve the next client; close both sides otherwise.
        if (message.type === "X") {
          this.terminate = message.bytes;
          this.end(false);
          return;
        }
        this.progress.sent(message.type);
        this.upstream.write(message.bytes);
      }
    } catch (error) {
      this.link.write(errorResponse("FATAL", "08P01", (error as Error).message));
      this.broken = true;
      this.end(false);
    }
  }

  clientGone(): void {
    this.end(false);
  }

  shutdown(): Promise<void> {
    this.end(true);
    return Promise.resolve();
  }

  private open(startup: Buffer, poolable: boolean): void {
    const pooled = poolable ? this.pool?.take(startup) : undefined;
    const socket = pooled?.socket ?? net.connect(this.target.port, this.target.host);
    this.upstream = socket;
    if (poolable) this.startup = startup;
    socket.setNoDelay(true);
    socket.on("data", (data) => this.serverData(data));
    socket.on("error", (error) => {
      if (this.ending) return;
      const message = `cannot reach the database at ${this.target.host}:${this.target.port}: ${error.message}`;
      this.link.write(errorResponse("FATAL", "08006", message));
    });
    socket.on("close", () => this.end(false));
    if (pooled) {
      this.greeting = pooled.greeting;
      this.link.write(pooled.greeting);
    } else {
      this.handshake = { parser: new BackendParser(), greeting: [] };
      this.progress.sent("");
      socket.write(startup);
    }
  }

  private serverData(chunk: Buffer): void {
    if (this.ending) return;
    this.link.write(chunk);
    try {
      if (this.handshake) this.followHandshake(chunk);
    } catch {
      this.broken = true;
      this.end(false);
      return;
    }
    this.progress.received(chunk);
  }

  private followHandshake(chunk: Buffer): void {
    const handshake = this.handshake;
    if (!handshake) return;
    for (const message of handshake.parser.push(chunk)) {
      if (isAuthenticationOk(message) || handshake.greeting.length > 0)
        handshake.greeting.push(message.bytes);
      if (message.type === "Z") {
        this.greeting = handshake.greeting.length > 0 ? Buffer.concat(handshake.greeting) : null;
        this.handshake = null;
        return;
      }
    }
  }

  private end(destroy: boolean): void {
    if (this.ending) return;
    this.ending = true;
    if (destroy) this.link.destroy();
    else this.link.close();
    const upstream = this.upstream;
    if (upstream) {
      upstream.removeAllListeners();
      upstream.on("error", () => {});
      const between = this.greeting && this.progress.idle && !this.broken;
      if (!destroy && between && this.pool && this.startup && upstream.writable)
        resetInto(this.pool, this.startup, { socket: upstream, greeting: this.greeting as Buffer });
      else if (destroy || !upstream.writable) upstream.destroy();
      // end() lets the Terminate reach the server before the socket goes.
      else {
        if (this.terminate) upstream.write(this.terminate);
        upstream.end(() => upstream.destroy());
      }
    }
    this.onEnd();
  }
}

/** Back to the pool once DISCARD ALL has cleared what the last client left (settings, prepared plans, temp tables, locks). */
function resetInto(pool: UpstreamPool, startup: Buffer, upstream: { socket: net.Socket; greeting: Buffer }) {
  const { socket } = upstream;
  const parser = new BackendParser();
  let failed = false;
  const timer = setTimeout(() => socket.destroy(), RESET_TIMEOUT_MS);
  socket.on("close", () => clearTimeout(timer));
  socket.on("data", (chunk) => {
    try {
      for (const message of parser.push(chunk)) {
        if (message.type === "E") failed = true;
        if (message.type !== "Z") continue;
        clearTimeout(timer);
        socket.removeAllListeners();
        // An error, or anything but idle ("I") after it: not fit for another client.
        if (failed || message.bytes.at(-1) !== 0x49) socket.destroy();
        else pool.put(startup, upstream);
        return;
      }
    } catch {
      socket.destroy();
    }
  });
  socket.write(simpleQuery("DISCARD ALL"));
}
