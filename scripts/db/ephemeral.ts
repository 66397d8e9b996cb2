// A throwaway migrated database for test runs, in its own process: prints one JSON line, lives until stdin closes.
import pg from "pg";
import { migrate } from "./migrate.ts";
import { startDatabase } from "./server.ts";

const server = await startDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
await migrate(server.url);
process.stdout.write(
  `${JSON.stringify({
    url: server.url,
    wsPort: server.wsPort,
    tcpPort: server.tcpPort,
    description: await describeDatabase(server.url, server.mode),
  })}\n`,
);

/** What the tests run against, e.g. "PostgreSQL 15.20 + pgvector 0.8.6 at 127.0.0.1:5433 (DATABASE_URL)". */
async function describeDatabase(url: string, mode: "pglite" | "external"): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; vector: string | null }>(
      `select current_setting('server_version') as version,
              (select extversion from pg_extension where extname = 'vector') as vector`,
    );
    const version = rows[0]?.version.split(" ")[0] ?? "?";
    const what = `PostgreSQL ${version} + pgvector ${rows[0]?.vector ?? "(missing)"}`;
    if (mode === "pglite") return `PGlite (${what}, one session, in memory)`;
    const target = new URL(url);
    return `${what} at ${target.hostname}:${target.port || 5432} (DATABASE_URL)`;
  } finally {
    await client.end();
  }
}

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
// The parent (a vitest global setup) holds our stdin: when it goes away, so do we, even if it crashed.
process.stdin.on("end", close);
process.stdin.on("close", close);
process.stdin.resume();
process.on("SIGTERM", close);
process.on("SIGINT", close);
