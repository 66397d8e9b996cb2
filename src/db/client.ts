// Opens a drizzle database over @neondatabase/serverless; locally the driver goes through our bridge (scripts/db/).
import { neon, neonConfig, Pool } from "@neondatabase/serverless";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleHttp } from "drizzle-orm/neon-http";
import { drizzle } from "drizzle-orm/neon-serverless";
/**
 * No relational schema: the app writes its queries with the query builder and `sql`, never `db.query.*`, and
 * drizzle would rebuild the schema's relations for every request's database (~0.25 ms each, twice a send).
 */
export type Database = ReturnType<typeof drizzle>;

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
  // The bridge serves Neon's HTTP query endpoint on the same port (scripts/db/http-sql.ts).
  neonConfig.fetchEndpoint = `http://${proxy}/sql`;
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
    db: drizzle(pool),
    close: () => {
      ending = true;
      return pool.end();
    },
  };
}

/**
 * Runs one statement on its own. `oneShot` sends it over Neon's HTTP endpoint: a single round trip with no
 * connection to open first (the WebSocket pool's handshake and start-up are ~4 ms here, more in production),
 * for the statements in front of a provider request. A pool or a transaction runs one as well.
 */
export interface Statements {
  execute(query: SQL): PromiseLike<{ rows: Record<string, unknown>[] }>;
}

/** The first row of a statement's answer, typed as drizzle's `execute<T>` types it (unchecked). */
export async function firstRow<T>(db: Statements, query: SQL): Promise<T | undefined> {
  const { rows } = await db.execute(query);
  return rows[0] as T | undefined;
}

/** Neon's HTTP driver for `config`: stateless (nothing to close), so one per call is fine. */
export function oneShot(config: DbConfig): Statements {
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not configured");
  configureDriver(config.DB_WS_PROXY);
  return drizzleHttp({ client: neon(config.DATABASE_URL) });
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
