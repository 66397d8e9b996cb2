// Writes the migration that keeps the hottest statements as functions (src/db/statement-functions.ts), and the
// list of them the app reads. `npm run db:statements` after changing one of those statements
// (tests/worker/statement-functions.test.ts fails until then); `--check` only says whether it is needed.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import type { SQL } from "drizzle-orm";
import { statementFunctionName, statementText } from "../../src/db/statement-functions";
import { STATEMENT_FUNCTIONS } from "../../src/db/statement-functions.generated";
import { MIGRATIONS_FOLDER, migratePglite } from "./migrate";

// Not followed by this file's type check: the statements' modules are the Worker's, typed for its runtime.
const VARIANTS = "../../src/db/statement-variants.ts";
const { statementVariants } = (await import(VARIANTS)) as {
  statementVariants: () => { label: string; statement: SQL }[];
};

const GENERATED = fileURLToPath(new URL("../../src/db/statement-functions.generated.ts", import.meta.url));

/** The CREATE FUNCTION of one statement: its parameters and columns typed as Postgres reads the statement. */
async function functionOf(db: PGlite, label: string, text: string, name: string): Promise<string> {
  const described = await db.describeQuery(text);
  const typeName = async (oid: number) =>
    (await db.query<{ t: string }>("select format_type($1::oid, null) as t", [oid])).rows[0]?.t ?? "text";
  // One query at a time: PGlite answers in order only then.
  const params: string[] = [];
  for (const p of described.queryParams) params.push(await typeName(p.dataTypeID));
  const columns: string[] = [];
  for (const f of described.resultFields) columns.push(`"${f.name}" ${await typeName(f.dataTypeID)}`);
  // `use_column`: the result's column names (chat, session…) are variables of the function too; in its
  // body every such name means the column, as in the statement.
  return `-- ${label}
CREATE OR REPLACE FUNCTION "hot"."${name}"(${params.join(", ")})
RETURNS TABLE(${columns.join(", ")}) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY ${text.trim()};
END
$stmt$;`;
}

const variants = statementVariants().map(({ label, statement }) => {
  const { sql: text } = statementText(statement);
  return { label, text, name: statementFunctionName(text) };
});
const names = new Set(variants.map((v) => v.name));
if (names.size !== new Set(variants.map((v) => v.text)).size)
  throw new Error("two statements share a function name: change the fingerprint");
const added = variants.filter((v) => !STATEMENT_FUNCTIONS.has(v.name));
const removed = [...STATEMENT_FUNCTIONS].filter((name) => !names.has(name));

if (added.length === 0 && removed.length === 0) {
  console.log("the statement functions are up to date");
  process.exit(0);
}
if (process.argv.includes("--check")) {
  console.log(
    `to write: ${added.map((v) => v.label).join("; ") || "none"}; no longer called: ${removed.join(", ") || "none"}`,
  );
  process.exit(1);
}

if (added.length > 0) {
  const db = await PGlite.create({ extensions: { vector, pg_trgm } });
  await migratePglite(db);
  const statements: string[] = [];
  for (const v of added) statements.push(await functionOf(db, v.label, v.text, v.name));
  await db.close();
  execFileSync("npx", ["drizzle-kit", "generate", "--custom", "--name", "statement-functions"], {
    stdio: "inherit",
  });
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, "utf8")) as {
    entries: { tag: string }[];
  };
  const file = `${MIGRATIONS_FOLDER}/${journal.entries.at(-1)?.tag}.sql`;
  writeFileSync(
    file,
    `-- Written by scripts/db/statement-functions.ts: the hottest statements as functions, whose plans Postgres keeps
-- for the connection (src/db/statement-functions.ts). Each body is the statement's text, unchanged.
${statements.join("--> statement-breakpoint\n")}\n`,
  );
  console.log(`wrote ${file}`);
}
// The functions of statements no longer sent stay: the Worker still running while a deploy rolls out (the
// migrations go first) calls them.
writeFileSync(
  GENERATED,
  `// Written by scripts/db/statement-functions.ts: the statement functions the migrations make.
export const STATEMENT_FUNCTIONS: ReadonlySet<string> = new Set<string>([
${[...names]
  .sort()
  .map((name) => `  "${name}",`)
  .join("\n")}
]);
`,
);
console.log(`wrote ${GENERATED} (${added.length} made; ${removed.length} no longer called, kept)`);
