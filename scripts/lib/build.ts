// Builds the production app into a folder of its own and serves it with `wrangler dev` (tests, benches):
// a run never rebuilds under another's running server.
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, run, startGroup, waitForUrl } from "./processes.ts";

const BIN = join(process.cwd(), "node_modules", ".bin");

/** Runs `vite build` into `outDir` (absolute) and returns the generated Worker config to serve it with. */
export async function buildApp(outDir: string): Promise<{ wranglerConfig: string }> {
  // Under vitest NODE_ENV is "test", which would make vite build React's development bundle and skip the
  // service worker: what we serve must be what production serves.
  await run(join(BIN, "vite"), ["build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
    env: { NODE_ENV: "production" },
  });
  return { wranglerConfig: join(outDir, "switchboard", "wrangler.json") };
}

export interface ServedApp {
  url: string;
  stop(): Promise<void>;
}

/** Builds the app, serves it in workerd with these Worker variables, and waits for /api/health. */
export async function serveBuiltApp(label: string, vars: Record<string, string>): Promise<ServedApp> {
  const state = mkdtempSync(join(tmpdir(), `switchboard-${label}-`));
  const { wranglerConfig } = await buildApp(join(state, "dist"));
  const port = await freePort();
  const app = startGroup(
    join(BIN, "wrangler"),
    [
      ...["dev", "--config", wranglerConfig, "--ip", "127.0.0.1", "--port", String(port)],
      ...["--persist-to", join(state, "state"), "--show-interactive-dev-session=false"],
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" }, quiet: true },
  );
  let log = "";
  // APP_LOG=file keeps what the Worker printed (its console.error of a 500, say) for after the run.
  const keep = process.env.APP_LOG ? createWriteStream(process.env.APP_LOG, { flags: "a" }) : null;
  app.child.stdout?.on("data", (d) => {
    log += d;
    keep?.write(d);
  });
  app.child.stderr?.on("data", (d) => {
    log += d;
    keep?.write(d);
  });
  const stop = async () => {
    await app.stop();
    rmSync(state, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${url}/api/health`, 90_000);
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\nwrangler output:\n${log}`);
  }
  return { url, stop };
}
