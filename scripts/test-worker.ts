// `npm test`'s last step: the Worker tests, once, on the most faithful database the machine has — DATABASE_URL,
// else a private multi-connection PostgreSQL with pgvector (as CI has), else PGlite. PGlite is one session
// that serialises every query, so races (quotas, throttles, codes) only show on PostgreSQL; the browser
// journeys and the dev server's test keep PGlite, the development database, covered.
//
// node scripts/test-worker.ts [vitest filters…]
import { spawn } from "node:child_process";
import { join } from "node:path";
import { findPostgres, type PrivateCluster, startPrivateCluster } from "./db/private-cluster.ts";

const NO_POSTGRES = "Worker tests on PGlite, where races cannot show: no PostgreSQL with pgvector found";

/** The worker project; without a URL, tests/setup/database.ts starts PGlite. */
function runVitest(databaseUrl: string | undefined, filters: string[]): Promise<number> {
  const vitest = join(process.cwd(), "node_modules", ".bin", "vitest");
  const child = spawn(vitest, ["run", "--project", "worker", ...filters], {
    stdio: "inherit",
    env: databaseUrl ? { ...process.env, DATABASE_URL: databaseUrl } : process.env,
  });
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once("error", (error) => {
      console.error(error);
      resolve(1);
    });
  });
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  if (process.env.DATABASE_URL) return runVitest(process.env.DATABASE_URL, filters);
  const found = findPostgres();
  if (!found.ok) {
    console.log(`${NO_POSTGRES} (${found.reason}).`);
    return runVitest(undefined, filters);
  }
  const began = Date.now();
  let cluster: PrivateCluster | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= cluster?.stop() ?? Promise.resolve();
    return stopping;
  };
  // Ctrl+C or CI's timeout: the cluster must not outlive us.
  const exitCodes = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
  for (const [signal, exitCode] of Object.entries(exitCodes)) {
    process.once(signal, () => void stop().finally(() => process.exit(exitCode)));
  }
  try {
    cluster = await startPrivateCluster(found.install);
    console.log(
      `\nWorker tests: PostgreSQL ${cluster.version} with pgvector (private cluster on 127.0.0.1:${cluster.port}` +
        `${found.install.runAs ? `, run as ${found.install.runAs}` : ""})\n`,
    );
    const code = await runVitest(cluster.url, filters);
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    console.log(`Worker tests on PostgreSQL ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
    return code;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
