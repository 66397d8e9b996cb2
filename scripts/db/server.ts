// The local database for dev and tests: PGlite + pgvector behind the bridge, or a bridge to a real Postgres.
// Standalone: node scripts/db/server.ts [--data-dir .data/pg] [--ws-port N] [--tcp-port N] (honours DATABASE_URL)
import { parseArgs } from "node:util";
import { type BridgeStats, startBridge } from "./bridge.ts";
import { type PgliteBackend, startPglite } from "./pglite.ts";

export interface DatabaseServer {
  wsPort: number;
  tcpPort: number;
  /** postgres://postgres:postgres@127.0.0.1:<tcpPort>/postgres, or the external URL in forward mode. */
  url: string;
  mode: "pglite" | "external";
  stats(): BridgeStats;
  close(): Promise<void>;
}

export interface StartDatabaseOptions {
  /** Keep PGlite's data here (created if missing); in memory when absent. */
  dataDir?: string;
  /** A real Postgres server: the bridge then only forwards, and PGlite is not started. */
  databaseUrl?: string;
  /** 0 or absent = a free port. */
  wsPort?: number;
  tcpPort?: number;
  /** Max wait for PGlite before a connection gets an error (default 30 s). */
  lockWaitMs?: number;
  /** Max idle time inside a transaction while holding PGlite (default 60 s). */
  idleInTransactionMs?: number;
  log?: (line: string) => void;
}

export async function startDatabase(opts: StartDatabaseOptions): Promise<DatabaseServer> {
  const common = {
    wsPort: opts.wsPort,
    tcpPort: opts.tcpPort,
    lockWaitMs: opts.lockWaitMs,
    idleInTransactionMs: opts.idleInTransactionMs,
    log: opts.log,
  };
  if (opts.databaseUrl) {
    const target = new URL(opts.databaseUrl);
    const bridge = await startBridge({
      ...common,
      backend: {
        mode: "external",
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: Number(target.port || 5432),
      },
    });
    return { ...bridge, url: opts.databaseUrl, mode: "external" };
  }

  const backend: PgliteBackend = await startPglite({ dataDir: opts.dataDir });
  const bridge = await startBridge({
    ...common,
    backend: { mode: "pglite", port: backend.port, db: backend.db },
  }).catch(async (error: unknown) => {
    await backend.stop();
    throw error;
  });
  return {
    ...bridge,
    url: `postgres://postgres:postgres@127.0.0.1:${bridge.tcpPort}/postgres`,
    mode: "pglite",
    async close() {
      await bridge.close();
      await backend.stop();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "data-dir": { type: "string" },
      "ws-port": { type: "string" },
      "tcp-port": { type: "string" },
    },
  });
  const port = (value: string | undefined) => (value ? Number(value) : 0);
  const log = (line: string) => console.log(line);
  const server = await startDatabase({
    dataDir: values["data-dir"],
    databaseUrl: process.env.DATABASE_URL || undefined,
    wsPort: port(values["ws-port"]),
    tcpPort: port(values["tcp-port"]),
    log,
  });
  const masked = server.url.replace(/:[^:@/]*@/, ":***@");
  const where = server.mode === "pglite" ? (values["data-dir"] ?? "in memory") : masked;
  log(`database (${server.mode}, ${where}) ready`);
  log(`  TCP:       127.0.0.1:${server.tcpPort}${server.mode === "pglite" ? ` (${server.url})` : ""}`);
  log(`  WebSocket: ws://127.0.0.1:${server.wsPort} (neonConfig.wsProxy = "127.0.0.1:${server.wsPort}/v1")`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the database`);
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
