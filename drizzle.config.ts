// drizzle-kit settings: generates migrations/ from drizzle/schema.ts (applied by scripts/db/migrate.ts).
import { defineConfig } from "drizzle-kit";

const url = process.env.DATABASE_URL;

export default defineConfig({
  dialect: "postgresql",
  schema: "./drizzle/schema.ts",
  out: "./migrations",
  schemaFilter: ["hot"],
  // `generate` needs no database; only drizzle-kit's inspection commands (studio, check against a DB) do.
  ...(url ? { dbCredentials: { url } } : {}),
});
