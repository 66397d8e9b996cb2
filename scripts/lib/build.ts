// Builds the app into a folder of its own, so a test run or a bench never rebuilds under a running server.
import { join } from "node:path";
import { run } from "./processes.ts";

const BIN = join(process.cwd(), "node_modules", ".bin");

/** Runs `vite build` into `outDir` (absolute) and returns the generated Worker config to serve it with. */
export async function buildApp(outDir: string): Promise<{ wranglerConfig: string }> {
  await run(join(BIN, "vite"), ["build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"]);
  return { wranglerConfig: join(outDir, "switchboard", "wrangler.json") };
}
