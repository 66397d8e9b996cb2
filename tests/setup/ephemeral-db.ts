// Starts scripts/db/ephemeral.ts as a child process: the database stays out of vitest's module graph,
// whose resolve conditions (workerd, browser) would pick the wrong builds of ws and pg.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface EphemeralDb {
  url: string;
  wsPort: number;
  tcpPort: number;
  /** What it is, for the test log: PGlite or a real PostgreSQL, with versions. */
  description: string;
  close(): Promise<void>;
}

export async function startEphemeralDb(): Promise<EphemeralDb> {
  const child = spawn(process.execPath, [join(process.cwd(), "scripts/db/ephemeral.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
    env: process.env,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<Omit<EphemeralDb, "close">>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the test database did not start within 60 s")), 60_000);
    lines.on("line", (line) => {
      if (!line.startsWith("{")) return;
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the test database exited with code ${code} before it was ready`));
    });
  });
  return {
    ...ready,
    async close() {
      child.stdin.end();
      const timeout = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
