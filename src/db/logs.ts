// The log table: messages from the public contact form, among other things.
import { log } from "../../drizzle/schema";
import type { Database } from "./client";

export async function insertLog(
  db: Database,
  values: { content: string; email: string | null },
): Promise<void> {
  await db.insert(log).values(values);
}
