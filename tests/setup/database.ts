// Vitest global setup: a real Postgres for the Worker tests (in-memory PGlite, or DATABASE_URL), migrated.
import type { TestProject } from "vitest/node";
import { migrate } from "../../scripts/db/migrate.ts";
import { startDatabase } from "../../scripts/db/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** host:port of the WebSocket bridge the Neon driver in workerd goes through. */
    dbWsProxy: string;
    /** The connection string the Worker is given (user, password and database name matter; the host is proxied). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
  await migrate(server.url);
  project.provide("dbWsProxy", `127.0.0.1:${server.wsPort}`);
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.close();
  };
}
