// Front servers for the local database: WebSocket and HTTP (for the Neon driver in workerd) and plain TCP.
import { createServer } from "node:http";
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { WebSocketServer } from "ws";
import { BackendLock } from "./backend-lock.ts";
import { attachTcp, attachWebSocket, type ClientLink, type Session } from "./client-link.ts";
import { ForwardSession, type ForwardTarget } from "./forward-session.ts";
import { httpSql } from "./http-sql.ts";
import { PgliteSession } from "./pglite-session.ts";
import { pgliteStatements } from "./pglite-statement.ts";
import { UpstreamPool } from "./upstream-pool.ts";

export type BridgeBackend =
  | { mode: "pglite"; port: number; db: PGlite }
  | ({ mode: "external" } & ForwardTarget);

export interface BridgeOptions {
  backend: BridgeBackend;
  wsPort?: number;
  tcpPort?: number;
  /** How long a connection may wait for PGlite before it gets an error (default 30 s). */
  lockWaitMs?: number;
  /** How long a connection may sit idle inside a transaction while holding PGlite (default 60 s). */
  idleInTransactionMs?: number;
  /** How long to wait for the ROLLBACK of a connection that went away (default 5 s). */
  rollbackWaitMs?: number;
  log?: (line: string) => void;
}

export interface BridgeStats {
  /** Client connections currently open, over both transports. */
  connections: number;
  /** Connections queued for PGlite (always 0 in forward mode). */
  waiting: number;
  /** Server connections kept for the next client (forward mode only). */
  idle: number;
}

export interface Bridge {
  wsPort: number;
  tcpPort: number;
  stats(): BridgeStats;
  close(): Promise<void>;
}

export async function startBridge(opts: BridgeOptions): Promise<Bridge> {
  const log = opts.log ?? (() => {});
  const lock = new BackendLock();
  const sessions = new Set<Session>();
  const backend = opts.backend;
  const pool = backend.mode === "external" ? new UpstreamPool() : undefined;

  const makeSession = (link: ClientLink): Session => {
    let session: Session;
    const onEnd = () => sessions.delete(session);
    if (backend.mode === "external") session = new ForwardSession(link, backend, onEnd, pool);
    else {
      session = new PgliteSession(link, {
        backendPort: backend.port,
        lock,
        lockWaitMs: opts.lockWaitMs ?? 30_000,
        idleInTransactionMs: opts.idleInTransactionMs ?? 60_000,
        rollbackWaitMs: opts.rollbackWaitMs ?? 5_000,
        log,
        onEnd,
      });
    }
    sessions.add(session);
    return session;
  };

  const tcp = net.createServer((socket) => attachTcp(socket, makeSession));
  await new Promise<void>((resolve, reject) => {
    tcp.once("error", reject);
    tcp.listen(opts.tcpPort ?? 0, "127.0.0.1", () => resolve());
  });

  // One port for the Neon driver: its WebSocket connections (any URL: the driver puts the target in the path
  // and query) and its one-shot HTTP queries (POST /sql).
  const sql = httpSql(
    backend.mode === "pglite" ? pgliteStatements(backend.db, lock, opts.lockWaitMs ?? 30_000) : undefined,
  );
  const web = createServer((req, res) => sql.handle(req, res));
  const wss = new WebSocketServer({ server: web });
  try {
    await new Promise<void>((resolve, reject) => {
      web.once("error", reject);
      web.listen(opts.wsPort ?? 0, "127.0.0.1", () => resolve());
    });
  } catch (error) {
    tcp.close();
    throw error;
  }
  wss.on("connection", (ws) => attachWebSocket(ws, makeSession));

  const portOf = (address: ReturnType<net.Server["address"]>) =>
    typeof address === "object" && address !== null ? address.port : 0;

  return {
    wsPort: portOf(web.address()),
    tcpPort: portOf(tcp.address()),
    stats: () => ({ connections: sessions.size, waiting: lock.stats().waiting, idle: pool?.size ?? 0 }),
    async close() {
      const closed = Promise.all([
        new Promise<void>((resolve) => tcp.close(() => resolve())),
        new Promise<void>((resolve) => wss.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]);
      await sql.close();
      web.closeAllConnections();
      await Promise.all([...sessions].map((session) => session.shutdown()));
      pool?.close();
      await closed;
    },
  };
}
