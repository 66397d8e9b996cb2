// Known browsers: a device cookie's token (as SHA-256) per account it signed in to with the password.
import { and, eq, gt, inArray, ne } from "drizzle-orm";
import { knownDevice } from "../../drizzle/schema";
import type { Database, Queryable } from "./client";

/** Records (or renews) that this browser signed in to the account. */
export async function rememberDevice(
  db: Queryable,
  { tokenHash, userId, now }: { tokenHash: string; userId: number; now: Date },
): Promise<void> {
  await db
    .insert(knownDevice)
    .values({ tokenHash, userId, signedInAt: now })
    .onConflictDoUpdate({ target: [knownDevice.tokenHash, knownDevice.userId], set: { signedInAt: now } });
}

/** True when the browser signed in to one of these accounts after `since`. */
export async function isKnownDevice(
  db: Database,
  { tokenHash, userIds, since }: { tokenHash: string; userIds: number[]; since: Date },
): Promise<boolean> {
  if (userIds.length === 0) return false;
  const rows = await db
    .select({ userId: knownDevice.userId })
    .from(knownDevice)
    .where(
      and(
        eq(knownDevice.tokenHash, tokenHash),
        inArray(knownDevice.userId, userIds),
        gt(knownDevice.signedInAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Forgets the account's browsers, all but `exceptTokenHash` (the one changing the password). */
export async function forgetDevices(
  db: Database,
  { userId, exceptTokenHash }: { userId: number; exceptTokenHash?: string | null },
): Promise<void> {
  const mine = eq(knownDevice.userId, userId);
  await db
    .delete(knownDevice)
    .where(exceptTokenHash ? and(mine, ne(knownDevice.tokenHash, exceptTokenHash)) : mine);
}
