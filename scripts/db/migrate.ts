// Applies migrations/ with drizzle-orm's programmatic migrator (drizzle-kit migrate can fail silently).
//
// CLI: DATABASE_URL=postgres://… node scripts/db/migrate.ts
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as nodePgMigrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../migrations", import.meta.url));

// drizzle's defaults, deliberately outside the app's `hot` schema.
const MIGRATIONS_TABLE = '"drizzle"."__drizzle_migrations"';

type Rows = (text: string) => Promise<Record<string, unknown>[]>;
type JournalEntry = { when: number; tag: string };

function journal(): JournalEntry[] {
  const raw = readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, "utf8");
  return (JSON.parse(raw) as { entries: JournalEntry[] }).entries;
}

// drizzle records each applied migration by its journal timestamp, which is how we name what changed.
async function appliedTimes(rows: Rows): Promise<Set<number>> {
  const [table] = await rows(`select to_regclass('${MIGRATIONS_TABLE}') is not null as "exists"`);
  if (!table?.exists) return new Set();
  const applied = await rows(`select created_at from ${MIGRATIONS_TABLE}`);
  return new Set(applied.map((row) => Number(row.created_at)));
}

async function applyReporting(rows: Rows, apply: () => Promise<void>): Promise<string[]> {
  const before = await appliedTimes(rows);
  await apply();
  const after = await appliedTimes(rows);
  return journal()
    .filter((entry) => after.has(entry.when) && !before.has(entry.when))
    .map((entry) => entry.tag);
}

/**
 * Brings the database at `url` up to date. All pending migrations run in one transaction, so a failure
 * leaves the database as it was. Resolves to the tags applied, oldest first (empty when up to date).
 */
export async function migrate(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Rows = async (text) => (await client.query(text)).rows;
    const db = drizzle({ client });
    return await applyReporting(rows, () => nodePgMigrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  } finally {
    await client.end();
  }
}

/** Same as `migrate`, for an in-process PGlite (created with the pgvector extension loaded). */
export async function migratePglite(client: PGlite): Promise<string[]> {
  // Loaded lazily so the CLI against a real Postgres never pulls PGlite in.
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  const { migrate: pgliteMigrate } = await import("drizzle-orm/pglite/migrator");
  const rows: Rows = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  const db = drizzlePglite({ client });
  return applyReporting(rows, () => pgliteMigrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
}

// Names the target without its password.
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
  } catch {
    return "the database";
  }
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("DATABASE_URL is not set (e.g. postgres://user:pass@localhost:5432/switchboard)");
    process.exitCode = 1;
    return;
  }
  try {
    const applied = await migrate(url);
    if (applied.length === 0) console.log(`${describe(url)} is up to date; no migration applied.`);
    else console.log(`Applied to ${describe(url)}: ${applied.join(", ")}`);
  } catch (error) {
    // drizzle wraps the database's error; its message (and hint) is what the operator needs first.
    let root: unknown = error;
    while (root instanceof Error && root.cause instanceof Error) root = root.cause;
    const hint = root instanceof Error && "hint" in root && root.hint ? ` (${String(root.hint)})` : "";
    console.error(`Migration failed on ${describe(url)}: ${String(root)}${hint}. No migration was applied.`);
    console.error(error);
    process.exitCode = 1;
  }
}

const invokedPath = process.argv[1];
if (invokedPath && import.meta.url === pathToFileURL(realpathSync(invokedPath)).href) await main();
