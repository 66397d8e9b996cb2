// Links between provider identities and users.
import { and, eq } from "drizzle-orm";
import { oauthAccount } from "../../drizzle/schema";
import type { Database } from "./client";

export async function findOauthUserId(
  db: Database,
  { providerId, providerUserId }: { providerId: string; providerUserId: string },
): Promise<number | null> {
  const rows = await db
    .select({ userId: oauthAccount.userId })
    .from(oauthAccount)
    .where(and(eq(oauthAccount.providerId, providerId), eq(oauthAccount.providerUserId, providerUserId)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Idempotent: a second link of the same identity (a double-clicked callback) changes nothing. */
export async function linkOauthAccount(
  db: Database,
  values: { providerId: string; providerUserId: string; userId: number },
): Promise<void> {
  await db.insert(oauthAccount).values(values).onConflictDoNothing();
}
