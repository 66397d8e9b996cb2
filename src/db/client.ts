// Opens a drizzle database over @neondatabase/serverless; locally the driver goes through our WebSocket bridge.
import { neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as schema from "../../drizzle/schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export interface DbConfig {
  DATABASE_URL: string;
  DB_WS_PROXY?: string;
}

let configuredProxy: string | undefined;

function configureDriver(proxy: string | undefined) {
  if (!proxy || proxy === configuredProxy) return;
  // Neon speaks Postgres over a secure WebSocket; a local Postgres needs a plain-ws bridge, and PGlite
  // cannot take the pipelined startup Neon's own endpoint accepts.
  neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
  configuredProxy = proxy;
}

/**
 * A pool lives for one request (Workers forbid sharing I/O objects across requests),
 * so callers must `close()` it, usually in `waitUntil` after the response.
 */
export function openDatabase(config: DbConfig): { db: Database; close: () => Promise<void> } {
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not configured");
  configureDriver(config.DB_WS_PROXY);
  const pool = new Pool({ connectionString: config.DATABASE_URL, max: 5 });
  let ending = false;
  // An idle pooled socket that errors must not crash the request; once we end the pool, its sockets
  // closing is expected, not an error.
  pool.on("error", (err: Error) => {
    if (!ending) console.error("database pool error:", err.message ?? String(err));
  });
  return {
    db: drizzle(pool, { schema }),
    close: () => {
      ending = true;
      return pool.end();
    },
  };
}

/** A transaction of `Database.transaction`, for queries that must run inside one. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a query may run: on its own, or as a step of a caller's transaction. */
export type Queryable = Database | Transaction;

/** Whether a failed query broke the Postgres error code `code` (drizzle wraps the driver's error as `cause`). */
export function isPostgresError(err: unknown, code: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
