// User rows: lookups by email, sign-up claims, verification, OAuth take-over, password changes and deletion.
//
// An address has at most one verified account and at most one unverified claim (two partial unique
// indexes): a claim beside a verified account is how a sign-up for a taken address answers like any other.
import { and, eq, lt, not, sql } from "drizzle-orm";
import {
  apiKey,
  assistant,
  attachment,
  chat,
  chatReservation,
  embedding,
  knownDevice,
  oauthAccount,
  passwordReset,
  session,
  usage,
  user,
  userPreferences,
  verificationCode,
} from "../../drizzle/schema";
import { type Database, isPostgresError, type Transaction, UNIQUE_VIOLATION } from "./client";

export interface AccountRow {
  id: number;
  email: string;
  verified: boolean;
  hashedPassword: string | null;
  deleted: boolean;
  createdAt: Date;
}

const accountColumns = {
  id: user.id,
  email: user.email,
  verified: user.verified,
  hashedPassword: user.hashedPassword,
  deleted: user.deleted,
  createdAt: user.createdAt,
};

const isUniqueViolation = (err: unknown): boolean => isPostgresError(err, UNIQUE_VIOLATION);

/** The verified account (deleted or not) and the unverified claim of an address, either possibly absent. */
export interface AccountsOfEmail {
  verified: AccountRow | null;
  unverified: AccountRow | null;
}

export async function findAccountsByEmail(
  db: Database,
  { email }: { email: string },
): Promise<AccountsOfEmail> {
  const rows = await db.select(accountColumns).from(user).where(eq(user.email, email)).limit(2);
  return {
    verified: rows.find((r) => r.verified) ?? null,
    unverified: rows.find((r) => !r.verified) ?? null,
  };
}

export async function findAccountById(
  db: Database,
  { userId }: { userId: number },
): Promise<AccountRow | null> {
  const rows = await db.select(accountColumns).from(user).where(eq(user.id, userId)).limit(1);
  return rows[0] ?? null;
}

/** The verified account of an address (deleted ones too: their address stays taken), if any. */
export async function findVerifiedHolder(
  db: Database,
  { email }: { email: string },
): Promise<AccountRow | null> {
  const rows = await db
    .select(accountColumns)
    .from(user)
    .where(and(eq(user.email, email), eq(user.verified, true)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A sign-up's claim on an address: the address's previous unverified claim goes (with its sessions and
 * code: whoever made it could not prove the address), and a new unverified account takes its place.
 * Also says whether a verified account holds the address — then the claim can never be verified.
 */
export async function claimEmail(
  db: Database,
  {
    email,
    hashedPassword,
    andThen,
  }: {
    email: string;
    hashedPassword: string;
    /** The claim's first rows (its code, its session), written in the same transaction. */
    andThen?: (tx: Transaction, account: AccountRow) => Promise<void>;
  },
): Promise<{ account: AccountRow; holder: AccountRow | null }> {
  return db.transaction(async (tx) => {
    // Sign-ups for one address take turns (a lock on the address, held to the commit): each replaces the
    // claim before it, and none meets another's half-made row on the unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signup:${email}`}, 0))`);
    await tx.delete(user).where(and(eq(user.email, email), eq(user.verified, false)));
    const [account] = await tx
      .insert(user)
      .values({ email, hashedPassword, verified: false })
      .returning(accountColumns);
    if (!account) throw new Error("the claim was not inserted");
    await andThen?.(tx, account);
    const [holder] = await tx
      .select(accountColumns)
      .from(user)
      .where(and(eq(user.email, email), eq(user.verified, true)))
      .limit(1);
    return { account, holder: holder ?? null };
  });
}

/** Creates a verified account (OAuth), or returns null when a verified account already has the address. */
export async function insertVerifiedAccount(
  db: Database,
  { email }: { email: string },
): Promise<AccountRow | null> {
  const rows = await db
    .insert(user)
    .values({ email, hashedPassword: null, verified: true })
    .onConflictDoNothing()
    .returning(accountColumns);
  return rows[0] ?? null;
}

/**
 * Gives an unverified claim to the person a provider vouches for: verified, its password dropped, every
 * session, code and known browser of whoever made it gone. False when it is no longer an unverified claim.
 */
export async function takeOverClaim(db: Database, { userId }: { userId: number }): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .update(user)
        .set({ verified: true, hashedPassword: null, deleted: false })
        .where(and(eq(user.id, userId), eq(user.verified, false)))
        .returning({ id: user.id });
      if (rows.length === 0) return false;
      await tx.delete(session).where(eq(session.userId, userId));
      await tx.delete(verificationCode).where(eq(verificationCode.userId, userId));
      await tx.delete(knownDevice).where(eq(knownDevice.userId, userId));
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Unverified claims older than `before` (abandoned sign-ups): gone, freeing nothing anyone relies on. */
export async function deleteStaleClaims(db: Database, { before }: { before: Date }): Promise<void> {
  await db.delete(user).where(
    and(
      eq(user.verified, false),
      lt(user.createdAt, before),
      // Spelled out: inside a subquery drizzle's unqualified column would bind to the inner table.
      sql`not exists (select 1 from hot.subscription s where s."userId" = "user"."id")`,
      sql`not exists (select 1 from hot.chat c where c."user" = "user"."id")`,
    ),
  );
}

export async function setPasswordHash(
  db: Database,
  { userId, hashedPassword }: { userId: number; hashedPassword: string },
): Promise<void> {
  await db.update(user).set({ hashedPassword }).where(eq(user.id, userId));
}

/**
 * Marks the account verified and drops its pending code, in one transaction — unless a verified account
 * already holds its address (a claim made beside it): then nothing changes and the answer is false.
 */
export async function markVerified(db: Database, { userId }: { userId: number }): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .update(user)
        .set({ verified: true })
        .where(
          and(
            eq(user.id, userId),
            not(user.verified),
            // Spelled out: inside a subquery drizzle's unqualified column would bind to the inner table.
            sql`not exists (select 1 from hot."user" other where other.email = "user"."email" and other.verified)`,
          ),
        )
        .returning({ id: user.id });
      if (rows.length === 0) return false;
      await tx.delete(verificationCode).where(eq(verificationCode.userId, userId));
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Account deletion keeps the row (billing history references it; SPEC §6 marks users deleted, and the
 * address stays taken) but ends every way in — sessions, OAuth links, known browsers and pending codes
 * go, and `deleted` blocks sign-in — and everything the user made goes with it: API keys, chats (their messages,
 * attachments and embeddings cascade), unsent uploads, assistants, preferences and usage. The files in R2 are the
 * caller's (src/files/user-files.ts). Answers the public ids its shared chats had: their cached pages must go too.
 */
export async function markDeleted(db: Database, { userId }: { userId: number }): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ deleted: true })
      .where(and(eq(user.id, userId), eq(user.deleted, false)));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(oauthAccount).where(eq(oauthAccount.userId, userId));
    await tx.delete(knownDevice).where(eq(knownDevice.userId, userId));
    await tx.delete(verificationCode).where(eq(verificationCode.userId, userId));
    await tx.delete(passwordReset).where(eq(passwordReset.userId, userId));
    await tx.delete(apiKey).where(eq(apiKey.userId, userId));
    await tx.delete(chatReservation).where(eq(chatReservation.userId, userId));
    const chats = await tx.delete(chat).where(eq(chat.user, userId)).returning({ publicId: chat.publicId });
    // Uploads not sent yet belong to no message or assistant: only their owner.
    await tx.delete(attachment).where(eq(attachment.userId, userId));
    await tx.delete(embedding).where(eq(embedding.userId, userId));
    await tx.delete(assistant).where(eq(assistant.userId, userId));
    await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
    await tx.delete(usage).where(eq(usage.userId, userId));
    return chats.flatMap(({ publicId }) => (publicId ? [publicId] : []));
  });
}
