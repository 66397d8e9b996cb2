// User rows: lookups by email, creation, verification, password changes and deletion.
import { and, eq } from "drizzle-orm";
import { oauthAccount, session, user, verificationCode } from "../../drizzle/schema";
import type { Database } from "./client";

export interface AccountRow {
  id: number;
  email: string;
  verified: boolean;
  hashedPassword: string | null;
  deleted: boolean;
}

const accountColumns = {
  id: user.id,
  email: user.email,
  verified: user.verified,
  hashedPassword: user.hashedPassword,
  deleted: user.deleted,
};

export async function findAccountByEmail(
  db: Database,
  { email }: { email: string },
): Promise<AccountRow | null> {
  const rows = await db.select(accountColumns).from(user).where(eq(user.email, email)).limit(1);
  return rows[0] ?? null;
}

export async function findAccountById(
  db: Database,
  { userId }: { userId: number },
): Promise<AccountRow | null> {
  const rows = await db.select(accountColumns).from(user).where(eq(user.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** Creates the account, or returns null when the email is already taken (deleted accounts included). */
export async function insertAccount(
  db: Database,
  values: { email: string; hashedPassword: string | null; verified: boolean },
): Promise<AccountRow | null> {
  const rows = await db
    .insert(user)
    .values(values)
    .onConflictDoNothing({ target: user.email })
    .returning(accountColumns);
  return rows[0] ?? null;
}

export async function setPasswordHash(
  db: Database,
  { userId, hashedPassword }: { userId: number; hashedPassword: string },
): Promise<void> {
  await db.update(user).set({ hashedPassword }).where(eq(user.id, userId));
}

/** Marks the account verified and drops its pending code, in one transaction. */
export async function markVerified(db: Database, { userId }: { userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ verified: true }).where(eq(user.id, userId));
    await tx.delete(verificationCode).where(eq(verificationCode.userId, userId));
  });
}

/**
 * Account deletion keeps the row (chats and billing history reference it; SPEC §6 marks users deleted)
 * but ends every way in: sessions, OAuth links and pending codes go, and `deleted` blocks sign-in.
 */
export async function markDeleted(db: Database, { userId }: { userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ deleted: true })
      .where(and(eq(user.id, userId), eq(user.deleted, false)));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(oauthAccount).where(eq(oauthAccount.userId, userId));
    await tx.delete(verificationCode).where(eq(verificationCode.userId, userId));
  });
}
