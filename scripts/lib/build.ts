// Builds the production app into a folder of its own and serves it with `wrangler dev` (tests) or with the same
// runtime through Miniflare alone (benches): a run never rebuilds under another's running server.
import { createWriteStream, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

/**
 * How a build is served. "wrangler": `wrangler dev` (the browser tests). "miniflare": the same
 * workerd, asset router and bindings (the Miniflare that wrangler itself runs, configured from the same
 * generated config) without `wrangler dev`'s proxy in front, a hop production does not have: it added ~8 ms to
 * every request and ~50 ms to a page's 18 assets asked at once on our 2-core machine.
 */
export type Serving = "wrangler" | "miniflare";

/** The benches measure what production runs: Miniflare alone, unless BENCH_VIA=wrangler asks for the dev proxy. */
export const benchServing = (): Serving => (process.env.BENCH_VIA === "wrangler" ? "wrangler" : "miniflare");

/** Builds the app, serves it in workerd with these Worker variables, and waits for /api/health. */
export async function serveBuiltApp(
  label: string,
  vars: Record<string, string>,
  via: Serving = "wrangler",
): Promise<ServedApp> {
  const state = mkdtempSync(join(tmpdir(), `switchboard-${label}-`));
  const { wranglerConfig } = await buildApp(join(state, "dist"));
  const port = await freePort();
  if (via === "miniflare") return serveWithMiniflare(wranglerConfig, state, port, vars);
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
  const keep = appLog();
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

/** Output the Worker printed, kept for after the run when APP_LOG names a file. */
const appLog = () => (process.env.APP_LOG ? createWriteStream(process.env.APP_LOG, { flags: "a" }) : null);

/** `wrangler dev` without its proxy: wrangler's own Miniflare, from wrangler's conversion of the same config. */
async function serveWithMiniflare(
  wranglerConfig: string,
  state: string,
  port: number,
  vars: Record<string, string>,
): Promise<ServedApp> {
  const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler"));
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { Miniflare, convertV4MiniflareOptions } = fromWrangler("miniflare");
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(wranglerConfig);
  // Miniflare 5 takes the Worker's modules listed (the entry first), not wrangler's module rules: every .js
  // file of the build is an ES module.
  const root = dirname(wranglerConfig);
  const modules = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".js") && !file.startsWith("."))
    .map((file) => join(root, file))
    .sort((a, b) => Number(b === main) - Number(a === main))
    .map((path) => ({ type: "ESModule", path }));
  const keep = appLog();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      cf: false,
      resourcePersistencePath: join(state, "state"),
      handleStructuredLogs: ({ message }: { message: string }) => keep?.write(`${message}\n`),
      workers: [
        {
          ...workerOptions,
          modulesRules: undefined,
          modules,
          modulesRoot: root,
          bindings: Object.assign({}, workerOptions.bindings, vars),
        },
      ],
    }),
  );
  const stop = async () => {
    await mf.dispose();
    rmSync(state, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await mf.ready;
    await waitForUrl(`${url}/api/health`, 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
