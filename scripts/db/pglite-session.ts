// One client connection to PGlite: its messages reach the single PGlite session only while it holds the lock.
import net from "node:net";
import type { BackendLock } from "./backend-lock.ts";
import type { ClientLink, Session } from "./client-link.ts";
import {
  CANCEL_REQUEST,
  errorResponse,
  type FrontendMessage,
  FrontendParser,
  GSSENC_REQUEST,
  SessionProgress,
  SSL_REQUEST,
  SYNC,
  simpleQuery,
} from "./pg-protocol.ts";

export interface PgliteSessionOptions {
  backendPort: number;
  lock: BackendLock;
  lockWaitMs: number;
  idleInTransactionMs: number;
  rollbackWaitMs: number;
  log: (line: string) => void;
  onEnd: () => void;
}

/**
 * PGlite is one Postgres session and pglite-socket interleaves its clients message by message, so a
 * client gets exclusive use from its first message until ReadyForQuery says idle ('Z' 'I') with no
 * sync point of its still unanswered. Transactions therefore hold the lock from BEGIN to COMMIT.
 */
export class PgliteSession implements Session {
  private readonly link: ClientLink;
  private readonly opts: PgliteSessionOptions;
  private readonly upstream: net.Socket;
  private readonly parser = new FrontendParser();
  private pending: FrontendMessage[] = [];
  private waiting = false;
  private holding = false;
  private readonly progress = new SessionProgress();
  private idleTimer: NodeJS.Timeout | undefined;
  private ending = false;
  private skipRollback = false;
  private cleaning = false;
  private cleanupDone: ((rolledBack: boolean) => void) | undefined;

  constructor(link: ClientLink, opts: PgliteSessionOptions) {
    this.link = link;
    this.opts = opts;
    this.upstream = net.connect(opts.backendPort, "127.0.0.1");
    this.upstream.setNoDelay(true);
    this.upstream.on("data", (chunk) => this.upstreamData(chunk));
    this.upstream.on("error", () => {}); // "close" follows
    this.upstream.on("close", () => this.upstreamClosed());
  }

  clientData(chunk: Buffer): void {
    if (this.ending) return;
    let messages: FrontendMessage[];
    try {
      messages = this.parser.push(chunk);
    } catch (error) {
      this.fail("08P01", (error as Error).message);
      return;
    }
    for (const message of messages) {
      if (message.type === "") {
        // No TLS or GSS on a loopback dev server: 'N' tells the client to go on in plain text.
        if (message.code === SSL_REQUEST || message.code === GSSENC_REQUEST) {
          this.link.write(Buffer.from("N"));
          continue;
        }
        // PGlite has nothing to cancel against; the cancelling connection expects to be closed.
        if (message.code === CANCEL_REQUEST) return void this.end();
      }
      // pglite-socket does not close on Terminate, and PGlite needs no goodbye: close both sides here.
      if (message.type === "X") return void this.end();
      // PGlite trusts every user and never asks for a password; an unasked-for PasswordMessage (e.g. the
      // Neon driver's pipelineConnect) sends PGlite into an endless loop, so it is dropped.
      if (message.type === "p") continue;
      this.pending.push(message);
    }
    this.pump();
  }

  clientGone(): void {
    void this.end();
  }

  shutdown(): Promise<void> {
    // No 57P01 notice: pools that are already ending would surface it as an unhandled error.
    this.skipRollback = true;
    return this.end(true);
  }

  private pump(): void {
    if (this.pending.length === 0 || this.ending) return;
    if (!this.holding) {
      if (this.waiting) return;
      this.waiting = true;
      const granted = () => {
        this.waiting = false;
        this.holding = true;
        this.pump();
      };
      const timedOut = () => {
        this.waiting = false;
        const seconds = Math.round(this.opts.lockWaitMs / 100) / 10;
        this.fail(
          "57014",
          `the local database is busy: waited ${seconds}s for another connection to finish ` +
            "(PGlite serves one connection at a time; is a transaction left open?)",
        );
      };
      this.opts.lock.acquire(this, this.opts.lockWaitMs, granted, timedOut);
      return;
    }
    clearTimeout(this.idleTimer);
    for (const message of this.pending) {
      this.upstream.write(message.bytes);
      this.progress.sent(message.type);
    }
    this.pending = [];
  }

  private upstreamData(chunk: Buffer): void {
    if (!this.cleaning && !this.ending) this.link.write(chunk);
    this.progress.received(chunk);
    if (!this.holding || !this.progress.answered) return;
    const idle = this.progress.idle;
    if (this.cleaning) {
      if (idle) this.cleanupDone?.(true);
    } else if (idle) {
      this.holding = false;
      this.opts.lock.release(this);
      this.pump();
    } else if (!this.ending) {
      clearTimeout(this.idleTimer);
      // Waiting on the client inside a transaction (or an unsynced batch): bound it, as Postgres'
      // idle_in_transaction_session_timeout does, or every other connection would wait forever.
      this.idleTimer = setTimeout(() => {
        this.fail("25P03", "terminating connection due to idle-in-transaction timeout (local database)");
      }, this.opts.idleInTransactionMs);
    }
  }

  private upstreamClosed(): void {
    this.cleanupDone?.(false);
    if (this.ending) return;
    this.skipRollback = true;
    this.fail("08006", "lost the connection to the local database");
  }

  /** Sends a FATAL ErrorResponse, then ends the connection. */
  private fail(sqlstate: string, message: string): void {
    if (this.ending) return;
    this.opts.log(`db bridge: closing a connection: ${message}`);
    this.link.write(errorResponse("FATAL", sqlstate, message));
    void this.end();
  }

  private async end(destroy = false): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    clearTimeout(this.idleTimer);
    this.pending = [];
    if (destroy) this.link.destroy();
    else this.link.close();
    if (this.waiting) this.opts.lock.release(this);
    this.waiting = false;
    if (this.holding && !this.progress.idle && !this.skipRollback) await this.rollback();
    this.upstream.destroy();
    if (this.holding) this.opts.lock.release(this);
    this.holding = false;
    this.opts.onEnd();
  }

  /** Leaves PGlite idle for the next client: finish any half-sent batch, roll back, await 'Z' 'I'. */
  private async rollback(): Promise<void> {
    this.cleaning = true;
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<boolean>((resolve) => {
      this.cleanupDone = resolve;
      timer = setTimeout(() => resolve(false), this.opts.rollbackWaitMs);
    });
    if (this.progress.unsyncedBatch) {
      this.upstream.write(SYNC);
      this.progress.sent("S");
    }
    this.upstream.write(simpleQuery("ROLLBACK"));
    this.progress.sent("Q");
    const settled = await done;
    clearTimeout(timer);
    // On timeout the upstream is closed anyway; pglite-socket then rolls back once PGlite is free.
    this.opts.log(
      `db bridge: ${settled ? "rolled back" : "gave up rolling back"} a connection that went away`,
    );
  }
}
