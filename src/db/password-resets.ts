// "Forgot password" codes: one live code per account, replaced on a new request, with counted tries.
import { and, eq, lt, lte, sql } from "drizzle-orm";
import { passwordReset } from "../../drizzle/schema";
import type { Database } from "./client";

export interface ResetCodeState {
  codeHash: string;
  expiresAt: Date;
}

/**
 * Stores a fresh code (tries reset) unless the previous one was sent after `resendAfter`: check and write
 * in one statement, so two quick requests cannot both mail a code. Returns whether it was stored.
 */
export async function storeResetCode(
  db: Database,
  values: { userId: number; codeHash: string; now: Date; expiresAt: Date; resendAfter: Date },
): Promise<boolean> {
  const rows = await db
    .insert(passwordReset)
    .values({
      userId: values.userId,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      attempts: 0,
      sentAt: values.now,
    })
    .onConflictDoUpdate({
      target: passwordReset.userId,
      set: {
        codeHash: sql`excluded."codeHash"`,
        expiresAt: sql`excluded."expiresAt"`,
        attempts: 0,
        sentAt: sql`excluded."sentAt"`,
      },
      setWhere: lte(passwordReset.sentAt, values.resendAfter),
    })
    .returning({ userId: passwordReset.userId });
  return rows.length > 0;
}

/**
 * Counts one try and returns the code to compare with, or null without a code or with its tries used up;
 * the conditional increment keeps parallel guesses within `maxAttempts`.
 */
export async function spendResetAttempt(
  db: Database,
  { userId, maxAttempts }: { userId: number; maxAttempts: number },
): Promise<ResetCodeState | null> {
  const rows = await db
    .update(passwordReset)
    .set({ attempts: sql`${passwordReset.attempts} + 1` })
    .where(and(eq(passwordReset.userId, userId), lt(passwordReset.attempts, maxAttempts)))
    .returning({ codeHash: passwordReset.codeHash, expiresAt: passwordReset.expiresAt });
  return rows[0] ?? null;
}

/** Spends the code: deleting it is the step that lets exactly one of two parallel resets through. */
export async function takeResetCode(
  db: Database,
  { userId, codeHash }: { userId: number; codeHash: string },
): Promise<boolean> {
  const rows = await db
    .delete(passwordReset)
    .where(and(eq(passwordReset.userId, userId), eq(passwordReset.codeHash, codeHash)))
    .returning({ userId: passwordReset.userId });
  return rows.length > 0;
}
