// Vitest global setup for browser journeys: a migrated database, the production build, served by wrangler dev.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../../scripts/lib/build.ts";
import { freePort, run, startGroup, waitForUrl } from "../../scripts/lib/processes.ts";
import { startEphemeralDb } from "./ephemeral-db";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

const BIN = join(process.cwd(), "node_modules", ".bin");

export default async function setup(project: TestProject) {
  const db = await startEphemeralDb();
  // The demo users of every plan (password switchboard-demo), for the signed-in journeys; in its own
  // process for the same reason as the database.
  await run(process.execPath, [join(process.cwd(), "scripts/seed.ts")], { env: { DATABASE_URL: db.url } });
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), "switchboard-browser-"));
  const { wranglerConfig } = await buildApp(join(state, "dist"));
  const app = startGroup(
    join(BIN, "wrangler"),
    [
      "dev",
      "--config",
      wranglerConfig,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      "--var",
      `DATABASE_URL:${db.url}`,
      "--var",
      `DB_WS_PROXY:127.0.0.1:${db.wsPort}`,
      "--var",
      "APP_ENV:test",
    ],
    { env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" }, quiet: true },
  );
  let log = "";
  app.child.stdout?.on("data", (d) => (log += d));
  app.child.stderr?.on("data", (d) => (log += d));

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${url}/api/health`, 90_000);
  } catch (err) {
    await app.stop();
    await db.close();
    throw new Error(`${(err as Error).message}\nwrangler output:\n${log}`);
  }
  project.provide("appUrl", url);

  return async () => {
    await app.stop();
    await db.close();
    rmSync(state, { recursive: true, force: true });
  };
}
