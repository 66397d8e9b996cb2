// Sign-up, sign-in with email and password, the session user object, and the configured OAuth providers.
import { Hono } from "hono";
import { z } from "zod";
import { senderOf } from "../answers/sender";
import { clientIp } from "../auth/client-ip";
import { deviceTokenHash, rememberThisBrowser } from "../auth/devices";
import { configuredProviders } from "../auth/oauth";
import { hashPassword } from "../auth/password";
import { checkSignIn } from "../auth/password-check";
import { requestPasswordReset, resetPassword } from "../auth/password-reset";
import { applySavedLanguage } from "../auth/saved-language";
import { startSession } from "../auth/sessions";
import { signUp } from "../auth/sign-up";
import { oneShot } from "../db/client";
import { deleteSession } from "../db/sessions";
import { hitThrottle } from "../db/throttle";
import { loadUser } from "../db/user-object";
import { deleteStaleClaims, findAccountsByEmail } from "../db/users";
import {
  currentPasswordSchema,
  emailSchema,
  newPasswordSchema,
  verificationCodeSchema,
} from "../domain/account-schemas";
import { SIGN_UP_LIMIT, SIGN_UP_WINDOW_SECONDS, UNVERIFIED_ACCOUNT_SECONDS } from "../domain/auth-limits";
import { retryAfterSeconds } from "../domain/throttle";
import type { AppEnv } from "../env";
import { AppError, tooManyRequests } from "../errors";
import { mailerFor } from "../mail/mailer";
import { requestLocale } from "../middleware/request-locale";
import { sessionOrUser, signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { modelAvailabilityFromEnv } from "../providers/availability";

const signInBody = z.object({ email: emailSchema, password: currentPasswordSchema });
const signUpBody = z.object({ email: emailSchema, password: newPasswordSchema });
const forgotBody = z.object({ email: emailSchema });
const resetBody = z.object({ email: emailSchema, code: verificationCodeSchema, password: newPasswordSchema });

const invalidCredentials = () => new AppError(401, "invalid_credentials", "Wrong email or password.");

/** An unverified claim older than this can no longer sign in (src/db/sessions.ts ends its sessions too). */
const freshClaimsSince = (now: Date) => new Date(now.getTime() - UNVERIFIED_ACCOUNT_SECONDS * 1000);

export const loginRoutes = new Hono<AppEnv>()
  .post("/", validate("json", signInBody), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.var.db();
    const found = await findAccountsByEmail(db, { email });
    const claim = found.unverified;
    const accounts = {
      verified: found.verified,
      unverified: claim && claim.createdAt > freshClaimsSince(new Date()) ? claim : null,
    };
    // One answer for an unknown email, a deleted account and a wrong password, after the same work.
    const account = await checkSignIn(db, {
      email,
      ip: clientIp(c),
      deviceHash: await deviceTokenHash(c),
      password,
      accounts,
    });
    if (!account) throw invalidCredentials();
    await startSession(c, account.id);
    await rememberThisBrowser(c, account.id);
    const lang = await applySavedLanguage(c, account.id);
    return c.json({ ok: true as const, verified: account.verified, lang });
  })

  /**
   * The same answer whether or not the address has an account: a new account, or — for a taken address —
   * a claim beside it that can never be verified, while its owner is told by mail instead of given a code.
   */
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
    // Whatever session the browser carried ends: the new claim's is the only one it holds.
    if (c.var.sessionId) await deleteSession(db, c.var.sessionId);
    await signUp(c, {
      email,
      hashedPassword: await hashPassword(password),
      mailer: mailerFor(c.env, c.var.db),
      locale: requestLocale(c),
    });
    // Abandoned sign-ups would pile up: now and then sweep the expired ones.
    if (Math.random() < 0.01) {
      await deleteStaleClaims(db, { before: freshClaimsSince(now) }).catch((err: unknown) =>
        console.error("sweeping expired sign-ups failed", err),
      );
    }
    return c.json({ ok: true as const, email, verified: false }, 201);
  })

  /** The same answer whether or not the address has an account: a code goes out only if it does. */
  .post("/forgot", validate("json", forgotBody), async (c) => {
    const { email } = c.req.valid("json");
    await requestPasswordReset(c.var.db(), mailerFor(c.env, c.var.db), {
      email,
      ip: clientIp(c),
      locale: requestLocale(c),
    });
    return c.json({ ok: true as const, email });
  })

  /** A new password against the mailed code: every session of the account ends, this browser signs in. */
  .post("/reset", validate("json", resetBody), async (c) => {
    const { email, code, password } = c.req.valid("json");
    const userId = await resetPassword(c, { email, code, password, ip: clientIp(c) });
    return c.json({ ok: true as const, lang: await applySavedLanguage(c, userId) });
  })

  .get("/user", async (c) => {
    // One statement over the HTTP endpoint, with the session: the app's first read makes no connection.
    return c.json(
      await loadUser(oneShot(c.env), {
        sender: senderOf(sessionOrUser(c)).sender,
        signedIn: () => signedInUser(c),
        now: new Date(),
        models: modelAvailabilityFromEnv(c.env),
      }),
    );
  })

  .get("/providers", (c) => c.json({ providers: configuredProviders(c.env) }));
