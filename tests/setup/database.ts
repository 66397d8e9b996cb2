// Vitest global setup: a real Postgres for the Worker tests (in-memory PGlite, or DATABASE_URL), migrated.
import type { TestProject } from "vitest/node";
import { startEphemeralDb } from "./ephemeral-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** host:port of the WebSocket bridge the Neon driver in workerd goes through. */
    dbWsProxy: string;
    /** The connection string the Worker is given (user, password and database name matter; the host is proxied). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const db = await startEphemeralDb();
  // Every run says which database it used: a pass on PGlite alone cannot show a race.
  console.log(`Worker tests: database = ${db.description}`);
  project.provide("dbWsProxy", `127.0.0.1:${db.wsPort}`);
  project.provide("databaseUrl", db.url);
  return () => db.close();
}
