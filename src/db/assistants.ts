// Assistant queries, always within one user's own assistants.
import { and, asc, eq } from "drizzle-orm";
import { assistant } from "../../drizzle/schema";
import type { Database } from "./client";

export async function listAssistants(db: Database, { userId }: { userId: number }) {
  return db.select().from(assistant).where(eq(assistant.userId, userId)).orderBy(asc(assistant.id));
}

export async function getAssistant(
  db: Database,
  { userId, assistantId }: { userId: number; assistantId: number },
) {
  const rows = await db
    .select()
    .from(assistant)
    .where(and(eq(assistant.id, assistantId), eq(assistant.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}
