// Sign-up, sign-in with email and password, the session user object, and the configured OAuth providers.
import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../auth/client-ip";
import { configuredProviders } from "../auth/oauth";
import { hashPassword } from "../auth/password";
import { checkPassword } from "../auth/password-check";
import { startSession } from "../auth/sessions";
import { sendVerificationCode } from "../auth/verification";
import { hitThrottle } from "../db/throttle";
import { loadUser } from "../db/user-object";
import { findAccountByEmail, insertAccount } from "../db/users";
import { currentPasswordSchema, emailSchema, newPasswordSchema } from "../domain/account-schemas";
import { SIGN_UP_LIMIT, SIGN_UP_WINDOW_SECONDS } from "../domain/auth-limits";
import { retryAfterSeconds } from "../domain/throttle";
import type { AppEnv } from "../env";
import { AppError, tooManyRequests, unauthorized } from "../errors";
import { mailerFor } from "../mail/mailer";
import { validate } from "../middleware/validate";
import { modelAvailabilityFromEnv } from "../providers/availability";

const signInBody = z.object({ email: emailSchema, password: currentPasswordSchema });
const signUpBody = z.object({ email: emailSchema, password: newPasswordSchema });

const invalidCredentials = () => new AppError(401, "invalid_credentials", "Wrong email or password.");

export const loginRoutes = new Hono<AppEnv>()
  .post("/", validate("json", signInBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db();
    const account = await findAccountByEmail(db, { email });
    // One answer for an unknown email, a deleted account and a wrong password, after the same work.
    if (!(await checkPassword(db, { email, ip: clientIp(c), password, account })) || !account) {
      throw invalidCredentials();
    }
    await startSession(c, account.id);
    return c.json({ ok: true as const, verified: account.verified });
  })

  .post("/signup", validate("json", signUpBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db();
    const now = new Date();
    const counts = await hitThrottle(db, {
      keys: [`sign-up:ip:${clientIp(c)}`],
      windowSeconds: SIGN_UP_WINDOW_SECONDS,
      now,
    });
    const wait = retryAfterSeconds(counts, {
      limit: SIGN_UP_LIMIT,
      windowSeconds: SIGN_UP_WINDOW_SECONDS,
      now,
    });
    if (wait !== null) throw tooManyRequests(wait, "Too many accounts created from here. Try again later.");
    const account = await insertAccount(db, {
      email,
      hashedPassword: await hashPassword(password),
      verified: false,
    });
    if (!account) {
      throw new AppError(409, "email_taken", "An account already uses this email. Sign in instead.", {
        details: [{ path: "email", message: "An account already uses this email." }],
      });
    }
    await sendVerificationCode(db, mailerFor(c.env, c.var.db), account);
    await startSession(c, account.id);
    return c.json({ ok: true as const, email: account.email, verified: false }, 201);
  })

  .get("/user", async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    return c.json(
      await loadUser(c.var.db(), {
        userId: user.id,
        email: user.email,
        now: new Date(),
        models: modelAvailabilityFromEnv(c.env),
      }),
    );
  })

  .get("/providers", (c) => c.json({ providers: configuredProviders(c.env) }));
