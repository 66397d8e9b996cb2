// Vitest global setup for browser journeys: a migrated database, the local providers, and the production
// build served by wrangler dev.
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { serveBuiltApp } from "../../scripts/lib/build.ts";
import { run } from "../../scripts/lib/processes.ts";
import { startUpstreams } from "../upstreams/index.ts";
import { startEphemeralDb } from "./ephemeral-db";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const db = await startEphemeralDb();
  console.log(`Browser tests: database = ${db.description}`);
  // Every provider's model answers from tests/upstreams, so journeys can go through a real provider stream.
  const upstreams = await startUpstreams();
  // The demo users of every plan (password switchboard-demo), for the signed-in journeys; in its own
  // process for the same reason as the database.
  await run(process.execPath, [join(process.cwd(), "scripts/seed.ts")], { env: { DATABASE_URL: db.url } });
  const app = await serveBuiltApp("browser", {
    ...upstreams.env,
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
  }).catch(async (err) => {
    await upstreams.close();
    await db.close();
    throw err;
  });
  project.provide("appUrl", app.url);

  return async () => {
    await app.stop();
    await upstreams.close();
    await db.close();
  };
}
