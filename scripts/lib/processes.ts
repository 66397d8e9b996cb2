// Child processes in their own process group, so stopping one stops everything it started (vite leaves workerd).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export interface Started {
  child: ChildProcess;
  /** Ends the whole group: TERM first, KILL after a grace period. */
  stop(): Promise<void>;
}

export function startGroup(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean } = {},
): Started {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  let exited = child.exitCode !== null;
  child.once("exit", () => {
    exited = true;
  });
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // The group is already gone.
    }
  };
  return {
    child,
    async stop() {
      if (exited) return signal("SIGKILL");
      signal("SIGTERM");
      const deadline = Date.now() + 5_000;
      while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // workerd may outlive its parent: kill whatever is left of the group either way.
      signal("SIGKILL");
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx, or throws with the last failure after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last})`);
}

/** Runs a command to completion, failing with its output if it exits non-zero. */
export async function run(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const child = spawn(command, args, {
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const code: number = await new Promise((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
}
