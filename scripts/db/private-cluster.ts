// A throwaway PostgreSQL cluster (the machine's own binaries, with pgvector) in a temp dir, on a free port.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/processes.ts";

export interface PostgresInstall {
  bindir: string;
  /** e.g. "15.20" (from `postgres --version`). */
  version: string;
  /** The OS user initdb and postgres run as: ourselves, or `postgres` when we are root. */
  runAs: string | null;
}

export type FindResult = { ok: true; install: PostgresInstall } | { ok: false; reason: string };

export interface PrivateCluster {
  /** postgres://postgres:<random>@127.0.0.1:<port>/postgres (md5 password auth over TCP). */
  url: string;
  port: number;
  version: string;
  stop(): Promise<void>;
}

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: "utf8" });

function candidateBindirs(): string[] {
  const found: string[] = [];
  const fromPgConfig = run("pg_config", ["--bindir"]);
  if (fromPgConfig.status === 0) found.push(fromPgConfig.stdout.trim());
  // Debian keeps each major version apart; newest first.
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) found.push(join(debian, v, "bin"));
  }
  return [...new Set(found)];
}

/** Finds server binaries whose share dir holds pgvector; says why not otherwise. */
export function findPostgres(): FindResult {
  const reasons: string[] = [];
  for (const bindir of candidateBindirs()) {
    const missing = ["initdb", "pg_ctl", "postgres"].filter((b) => !existsSync(join(bindir, b)));
    if (missing.length) {
      reasons.push(`${bindir} lacks ${missing.join(", ")}`);
      continue;
    }
    // The share dir of *these* binaries: Debian's /usr/bin/pg_config answers for the newest version only.
    const pgConfig = join(bindir, "pg_config");
    const share = existsSync(pgConfig) ? run(pgConfig, ["--sharedir"]).stdout.trim() : "";
    if (!share || !existsSync(join(share, "extension", "vector.control"))) {
      reasons.push(`${bindir}: no pgvector (vector.control) in ${share || "its share dir"}`);
      continue;
    }
    const version = /(\d+(?:\.\d+)*)/.exec(run(join(bindir, "postgres"), ["--version"]).stdout)?.[1] ?? "?";
    // Postgres refuses to run as root: as root we run it as the `postgres` user, via runuser.
    let runAs: string | null = null;
    if (process.getuid?.() === 0) {
      if (run("id", ["-u", "postgres"]).status !== 0) {
        reasons.push("running as root and there is no `postgres` user to run the server as");
        continue;
      }
      if (run("runuser", ["--help"]).status !== 0) {
        reasons.push("running as root without runuser");
        continue;
      }
      runAs = "postgres";
    }
    return { ok: true, install: { bindir, version, runAs } };
  }
  return {
    ok: false,
    reason: reasons.join("; ") || "no PostgreSQL server binaries (pg_config, /usr/lib/postgresql)",
  };
}

/** Runs a server binary as the cluster's user; throws with its output when it fails. */
function asOwner(install: PostgresInstall, binary: string, args: string[], input?: string): string {
  const cmd = join(install.bindir, binary);
  const [file, argv] = install.runAs ? ["runuser", ["-u", install.runAs, "--", cmd, ...args]] : [cmd, args];
  try {
    const stdin = input === undefined ? "ignore" : "pipe";
    return execFileSync(file, argv, {
      encoding: "utf8",
      stdio: [stdin, "pipe", "pipe"],
      cwd: tmpdir(),
      input,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${binary} failed: ${e.message}\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}

function ownerIds(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * initdb into a fresh temp dir, then start on a free loopback port with its socket in that dir. Tuned for
 * tests (no fsync: the data is thrown away) with room for hundreds of concurrent connections. The caller
 * must `stop()` it (which also removes the directory) whatever happens.
 */
export async function startPrivateCluster(install: PostgresInstall): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), "switchboard-pg-"));
  const data = join(dir, "data");
  const socket = join(dir, "socket");
  mkdirSync(socket);
  const password = randomBytes(18).toString("base64url");
  writeFileSync(join(dir, "pwfile"), `${password}\n`, { mode: 0o600 });
  if (install.runAs) {
    const { uid, gid } = ownerIds(install.runAs);
    for (const path of [dir, socket, join(dir, "pwfile")]) chownSync(path, uid, gid);
  }
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        asOwner(install, "pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w", "-t", "30"]);
      } catch (error) {
        console.error((error as Error).message);
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asOwner(install, "initdb", [
      ...["-D", data, "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync"],
      // md5, not SCRAM: the driver in workerd derives SCRAM's key in JavaScript (4,096 PBKDF2 rounds) for
      // every connection, and every request opens its own — the fuzz test took 74 s instead of 21.
      ...["--auth-local=trust", "--auth-host=md5", `--pwfile=${join(dir, "pwfile")}`],
    ]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${socket}`,
      "-c listen_addresses=127.0.0.1",
      // 200 concurrent requests, each with its own connection(s), plus the test files' own.
      "-c max_connections=600",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    started = true;
    asOwner(install, "pg_ctl", [
      "start",
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-o",
      options,
      "-w",
      "-t",
      "60",
    ]);
    // initdb stored the password for SCRAM; md5 authentication needs it stored as md5.
    // On stdin, not in argv, where any process could read it.
    asOwner(
      install,
      "psql",
      ["-h", socket, "-p", String(port), "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q"],
      `SET password_encryption = 'md5';\nALTER ROLE postgres PASSWORD '${password}';\n`,
    );
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      port,
      version: install.version,
      stop,
    };
  } catch (error) {
    const log = join(dir, "server.log");
    const tail = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-20).join("\n") : "";
    await stop();
    throw new Error(`${(error as Error).message}${tail ? `\nserver log:\n${tail}` : ""}`);
  }
}
