// PGlite (Postgres in WebAssembly) with pgvector, served on an internal loopback port by pglite-socket.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface PgliteBackend {
  db: PGlite;
  /** Loopback port of pglite-socket; clients go through the bridge, never straight here. */
  port: number;
  stop(): Promise<void>;
}

/** As many client connections as Neon's connection pooler takes. */
const MAX_CONNECTIONS = 10_000;

/** Starts PGlite (on disk under `dataDir`, else in memory) and serves it on 127.0.0.1. */
export async function startPglite(opts: { dataDir?: string; port?: number } = {}): Promise<PgliteBackend> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // Loading the modules only makes `CREATE EXTENSION vector` / `pg_trgm` possible; migrations create them.
  const db = await PGlite.create({ dataDir: opts.dataDir, extensions: { vector, pg_trgm } });
  // The bridge opens one upstream connection per client connection (the default limit is 1), and a client
  // waiting its turn for the one PGlite session keeps its connection open. At 500 the 500-stream bench lost
  // a request now and then ("Too many connections" closed its upstream): the limit is Neon's pooled one.
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: opts.port ?? 0,
    maxConnections: MAX_CONNECTIONS,
  });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = Number(server.getServerConn().split(":").pop());
  return {
    db,
    port,
    async stop() {
      await server.stop();
      // Handlers detaching on stop may still run a ROLLBACK; let them finish before closing PGlite.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // close() checkpoints and syncs the data directory when it is on disk.
      if (!db.closed) await db.close();
    },
  };
}
