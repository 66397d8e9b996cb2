// Vitest global setup for browser journeys: a migrated database, the production build served by wrangler dev,
// and — like `npm run dev` without keys — every provider played by its local protocol server.
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { serveBuiltApp } from "../../scripts/lib/build.ts";
import { run } from "../../scripts/lib/processes.ts";
import { startStandIns } from "../../scripts/lib/stand-ins.ts";
import { startEphemeralDb } from "./ephemeral-db";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const db = await startEphemeralDb();
  // The demo users of every plan (password switchboard-demo), for the signed-in journeys; in its own
  // process for the same reason as the database.
  await run(process.execPath, [join(process.cwd(), "scripts/seed.ts")], { env: { DATABASE_URL: db.url } });
  // No keys from the developer's shell: the journeys never call a real provider.
  const standIns = await startStandIns({});
  const app = await serveBuiltApp("browser", {
    ...standIns.vars,
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
    ENABLE_TEST_MODELS: "1",
  }).catch(async (err) => {
    await standIns.close();
    await db.close();
    throw err;
  });
  project.provide("appUrl", app.url);

  return async () => {
    await app.stop();
    await standIns.close();
    await db.close();
  };
}
