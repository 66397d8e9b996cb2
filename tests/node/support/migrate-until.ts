// Migrations applied as a deployed database met them: up to (not including) one of them, so a test can write
// rows of the old shape before the rest runs (PGlite, drizzle's own migrator).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../../../scripts/db/migrate";

/** Applies the migrations before `tag` only, from a copy of migrations/ whose journal stops there. */
export async function migrateUntil(client: PGlite, tag: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "switchboard-migrations-"));
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === tag);
    if (at < 0) throw new Error(`no migration ${tag} in the journal`);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
