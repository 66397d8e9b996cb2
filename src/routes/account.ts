// Changing the password (other sessions end) and deleting the account (every session ends).
import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../auth/client-ip";
import { clearSessionCookie } from "../auth/cookies";
import { hashPassword } from "../auth/password";
import { checkPassword } from "../auth/password-check";
import type { Database } from "../db/client";
import { deleteUserSessions } from "../db/sessions";
import { findAccountById, markDeleted, setPasswordHash } from "../db/users";
import { currentPasswordSchema, emailSchema, newPasswordSchema } from "../domain/account-schemas";
import type { AppEnv } from "../env";
import { AppError, badRequest, unauthorized } from "../errors";
import { validate } from "../middleware/validate";

const changePasswordBody = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** Password accounts confirm with their password; accounts made through Google or GitHub retype their email. */
const deleteBody = z
  .object({ password: currentPasswordSchema.optional(), email: emailSchema.optional() })
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

export const accountRoutes = new Hono<AppEnv>()
  .post("/password", validate("json", changePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const db = c.var.db();
    const account = await currentAccount(db, c.var.user?.id);
    if (account.hashedPassword === null) {
      throw badRequest("This account signs in with Google or GitHub and has no password to change.");
    }
    const ok = await checkPassword(db, {
      email: account.email,
      ip: clientIp(c),
      password: currentPassword,
      account,
    });
    if (!ok) throw wrongPassword("currentPassword");
    if (newPassword === currentPassword) {
      throw new AppError(400, "same_password", "The new password must differ from the current one.", {
        details: [{ path: "newPassword", message: "The new password must differ from the current one." }],
      });
    }
    await setPasswordHash(db, { userId: account.id, hashedPassword: await hashPassword(newPassword) });
    // Whoever else held a session (perhaps the reason for the change) is signed out; this browser stays.
    await deleteUserSessions(db, { userId: account.id, exceptSessionId: c.var.sessionId ?? undefined });
    return c.json({ ok: true as const });
  })

  .post("/delete", validate("json", deleteBody), async (c) => {
    const { password, email } = c.req.valid("json");
    const db = c.var.db();
    const account = await currentAccount(db, c.var.user?.id);
    if (account.hashedPassword !== null) {
      const ok =
        password !== undefined &&
        (await checkPassword(db, { email: account.email, ip: clientIp(c), password, account }));
      if (!ok) throw wrongPassword("password");
    } else if (email !== account.email) {
      throw new AppError(403, "wrong_email", "Type this account's email address to confirm.", {
        details: [{ path: "email", message: "This is not the account's email address." }],
      });
    }
    await markDeleted(db, { userId: account.id });
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  });
