// `npm test`'s last step: the Worker tests again, against a real multi-connection PostgreSQL with pgvector.
// PGlite is one session that serialises every query, so races (quotas, throttles, codes) only show here.
// Without such a PostgreSQL on the machine it says so and passes: `npm test` works anywhere.
//
// node scripts/test-postgres.ts [vitest filters…]
import { spawn } from "node:child_process";
import { join } from "node:path";
import { findPostgres, type PrivateCluster, startPrivateCluster } from "./db/private-cluster.ts";

const NO_POSTGRES = "Worker tests ran on PGlite only: no PostgreSQL with pgvector found";

function runVitest(databaseUrl: string, filters: string[]): Promise<number> {
  const vitest = join(process.cwd(), "node_modules", ".bin", "vitest");
  const child = spawn(vitest, ["run", "--project", "worker", ...filters], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
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
  if (process.env.DATABASE_URL) {
    console.log("Worker tests ran on DATABASE_URL: no second pass on a private PostgreSQL");
    return 0;
  }
  const found = findPostgres();
  if (!found.ok) {
    console.log(`${NO_POSTGRES} (${found.reason}).`);
    return 0;
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
      `\nWorker tests, second pass: PostgreSQL ${cluster.version} with pgvector (private cluster on 127.0.0.1:${cluster.port}` +
        `${found.install.runAs ? `, run as ${found.install.runAs}` : ""})\n`,
    );
    const code = await runVitest(cluster.url, process.argv.slice(2));
    const seconds = ((Date.now() - began) / 1000).toFixed(1);
    console.log(`PostgreSQL pass ${code === 0 ? "passed" : "FAILED"} in ${seconds} s`);
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
