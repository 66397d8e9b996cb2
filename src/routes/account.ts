// Changing the password (every session ends, this browser gets a new one), exporting every chat as a zip,
// and deleting the account with everything it made.

import { type Context, Hono } from "hono";
import { z } from "zod";
import { clearSessionCookie } from "../auth/cookies";
import { rememberThisBrowser } from "../auth/devices";
import { hashPassword } from "../auth/password";
import { checkReauth } from "../auth/password-check";
import { startSession } from "../auth/sessions";
import { cancelOwnSubscription } from "../billing/account-deletion";
import { exportChats } from "../db/chat-export";
import type { Database } from "../db/client";
import { forgetDevices } from "../db/devices";
import { deleteUserSessions } from "../db/sessions";
import { findAccountById, markDeleted, setPasswordHash } from "../db/users";
import { currentPasswordSchema, emailSchema, newPasswordSchema } from "../domain/account-schemas";
import { exportFileName } from "../domain/chat-export";
import type { AppEnv } from "../env";
import { AppError, badRequest, unauthorized } from "../errors";
import { exportArchive } from "../files/export-archive";
import { deleteUserFiles } from "../files/user-files";
import { validate } from "../middleware/validate";
import { purgeSharedPage } from "../sharing/cache";

const changePasswordBody = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/**
 * Password accounts confirm with their password; accounts made through Google or GitHub retype their email.
 * `check` only checks that confirmation, so a typo is reported before the last "are you sure?".
 */
const deleteBody = z
  .object({
    password: currentPasswordSchema.optional(),
    email: emailSchema.optional(),
    check: z.literal(true).optional(),
  })
  .refine((body) => body.password !== undefined || body.email !== undefined, {
    message: "Confirm with your password (or, for an account without one, your email).",
    path: ["password"],
  });

const wrongPassword = (path: string) =>
  new AppError(403, "wrong_password", "The password is not correct.", {
    details: [{ path, message: "The password is not correct." }],
  });

async function currentAccount(db: Database, userId: number | undefined) {
  const account = userId === undefined ? null : await findAccountById(db, { userId });
  if (!account || account.deleted) throw unauthorized();
  return account;
}

const sessionIdOf = (c: Context<AppEnv>) => {
  if (!c.var.sessionId) throw unauthorized();
  return c.var.sessionId;
};

export const accountRoutes = new Hono<AppEnv>()
  .post("/password", validate("json", changePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const db = c.var.db();
    const account = await currentAccount(db, c.var.user?.id);
    if (account.hashedPassword === null) {
      throw badRequest("This account signs in with Google or GitHub and has no password to change.", [
        { path: "currentPassword", message: "This account has no password." },
      ]);
    }
    const sessionId = sessionIdOf(c);
    if (!(await checkReauth(db, { sessionId, account, password: currentPassword }))) {
      throw wrongPassword("currentPassword");
    }
    if (newPassword === currentPassword) {
      throw new AppError(400, "same_password", "The new password must differ from the current one.", {
        details: [{ path: "newPassword", message: "The new password must differ from the current one." }],
      });
    }
    await setPasswordHash(db, { userId: account.id, hashedPassword: await hashPassword(newPassword) });
    // Every session ends — whoever held one (perhaps the reason for the change) and this browser's token
    // too, which may have leaked with the old password: this browser goes on with a brand-new session.
    await deleteUserSessions(db, { userId: account.id });
    c.set("sessionId", null);
    await startSession(c, account.id);
    // Only this browser stays known to the account: the others must sign in with the new password.
    const thisBrowser = await rememberThisBrowser(c, account.id);
    await forgetDevices(db, { userId: account.id, exceptTokenHash: thisBrowser });
    return c.json({ ok: true as const });
  })

  /** Every chat as JSON and Markdown in one zip, with its pictures and files (GDPR data portability). */
  .get("/export", async (c) => {
    const db = c.var.db();
    const userId = c.var.user?.id;
    if (userId === undefined) throw unauthorized();
    // The account check and the chats are independent reads: in parallel (the chats are dropped unread
    // when the account is refused).
    const [account, { chats, sources }] = await Promise.all([
      currentAccount(db, userId),
      exportChats(db, { userId }),
    ]);
    const now = new Date();
    const document = {
      format: "switchboard-export" as const,
      version: 1 as const,
      exportedAt: now.toISOString(),
      email: account.email,
      chats,
    };
    const zip = exportArchive(c.env.FILES, { userId: account.id, document, sources, now });
    return c.body(zip, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "no-store",
    });
  })

  .post("/delete", validate("json", deleteBody), async (c) => {
    const { password, email, check } = c.req.valid("json");
    const db = c.var.db();
    const account = await currentAccount(db, c.var.user?.id);
    if (account.hashedPassword !== null) {
      const ok =
        password !== undefined && (await checkReauth(db, { sessionId: sessionIdOf(c), account, password }));
      if (!ok) throw wrongPassword("password");
    } else if (email !== account.email) {
      throw new AppError(403, "wrong_email", "Type this account's email address to confirm.", {
        details: [{ path: "email", message: "This is not the account's email address." }],
      });
    }
    if (check) return c.json({ ok: true as const, deleted: false });
    // Before anything is deleted: when Stripe cannot be told, the account stays, and the user can retry.
    await cancelOwnSubscription(db, c.env, { userId: account.id });
    const shared = await markDeleted(db, { userId: account.id });
    clearSessionCookie(c);
    // Its shared pages are cached at the edge: gone now, as "stop sharing" makes them.
    await Promise.all(shared.map((publicId) => purgeSharedPage(c.req.url, publicId)));
    // The rows are gone (so are the links to them): the files follow, and a failure here is only logged —
    // no key is reachable any more, and the account is deleted either way.
    await deleteUserFiles(c.env.FILES, account.id).catch((err: unknown) =>
      console.error("deleting the account's files failed", err),
    );
    return c.json({ ok: true as const, deleted: true });
  });
