// A user's preferences row, created on first save.
import { eq } from "drizzle-orm";
import { type UserPreferencesRow, userPreferences } from "../../drizzle/schema";
import type { Database } from "./client";

export type PreferencesPatch = Partial<Omit<UserPreferencesRow, "userId">>;

export async function findPreferences(
  db: Database,
  { userId }: { userId: number },
): Promise<UserPreferencesRow | null> {
  const rows = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export async function savePreferences(
  db: Database,
  { userId, patch }: { userId: number; patch: PreferencesPatch },
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userPreferences.userId, set: patch });
}
