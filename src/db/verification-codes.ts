// Email-verification codes: one live code per user, replaced on resend, with a counted number of tries.
import { and, eq, lt, lte, sql } from "drizzle-orm";
import { verificationCode } from "../../drizzle/schema";
import type { Database, Queryable } from "./client";

export interface CodeState {
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  sentAt: Date;
}

const stateColumns = {
  codeHash: verificationCode.codeHash,
  expiresAt: verificationCode.expiresAt,
  attempts: verificationCode.attempts,
  sentAt: verificationCode.sentAt,
};

/**
 * Stores a fresh code (tries reset) unless the previous one was sent after `resendAfter`: the check and
 * the write are one statement, so two quick resends cannot both send. Returns whether it was stored.
 */
export async function storeCode(
  db: Queryable,
  values: { userId: number; codeHash: string; now: Date; expiresAt: Date; resendAfter: Date },
): Promise<boolean> {
  const rows = await db
    .insert(verificationCode)
    .values({
      userId: values.userId,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      attempts: 0,
      sentAt: values.now,
    })
    .onConflictDoUpdate({
      target: verificationCode.userId,
      set: {
        codeHash: sql`excluded."codeHash"`,
        expiresAt: sql`excluded."expiresAt"`,
        attempts: 0,
        sentAt: sql`excluded."sentAt"`,
      },
      setWhere: lte(verificationCode.sentAt, values.resendAfter),
    })
    .returning({ userId: verificationCode.userId });
  return rows.length > 0;
}

export async function findCode(db: Database, userId: number): Promise<CodeState | null> {
  const rows = await db
    .select(stateColumns)
    .from(verificationCode)
    .where(eq(verificationCode.userId, userId));
  return rows[0] ?? null;
}

/**
 * Counts one try and returns the code to compare with, or null when there is no code or its tries are
 * used up. The increment is conditional, so parallel guesses never get more than `maxAttempts` tries.
 */
export async function spendAttempt(
  db: Database,
  { userId, maxAttempts }: { userId: number; maxAttempts: number },
): Promise<CodeState | null> {
  const rows = await db
    .update(verificationCode)
    .set({ attempts: sql`${verificationCode.attempts} + 1` })
    .where(and(eq(verificationCode.userId, userId), lt(verificationCode.attempts, maxAttempts)))
    .returning(stateColumns);
  return rows[0] ?? null;
}
