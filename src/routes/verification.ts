// Email verification for a signed-in, unverified account: its state, confirming the code, sending a new one.
import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../auth/client-ip";
import { confirmVerificationCode, resendWait, sendVerificationCode } from "../auth/verification";
import { findCode } from "../db/verification-codes";
import { verificationCodeSchema } from "../domain/account-schemas";
import { VERIFICATION_CODE_TTL_SECONDS } from "../domain/auth-limits";
import { waitInWords } from "../domain/throttle";
import { attemptsLeft, type VerificationState } from "../domain/verification";
import type { AppEnv } from "../env";
import { AppError, tooManyRequests, unauthorized } from "../errors";
import { mailerFor } from "../mail/mailer";
import { requestLocale } from "../middleware/request-locale";
import { validate } from "../middleware/validate";

const confirmBody = z.object({ code: verificationCodeSchema });

const alreadyVerified = () =>
  new AppError(409, "already_verified", "This email address is already confirmed.");

export const verificationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    const code = user.verified ? null : await findCode(c.var.db(), user.id);
    const now = new Date();
    // The tries left too: a page reloaded after the last wrong try must not offer Confirm again.
    return c.json({
      email: user.email,
      verified: user.verified,
      resendInSeconds: resendWait(code?.sentAt ?? null, now),
      remainingAttempts: attemptsLeft(code, now),
    } satisfies VerificationState);
  })

  .post("/", validate("json", confirmBody), async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    if (user.verified) return c.json({ ok: true as const, verified: true as const });
    await confirmVerificationCode(c.var.db(), {
      userId: user.id,
      ip: clientIp(c),
      code: c.req.valid("json").code,
    });
    return c.json({ ok: true as const, verified: true as const });
  })

  .post("/resend", async (c) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    if (user.verified) throw alreadyVerified();
    const result = await sendVerificationCode(c.var.db(), mailerFor(c.env, c.var.db), user, requestLocale(c));
    if (!result.sent) {
      throw tooManyRequests(
        result.retryAfter,
        result.reason === "daily_cap"
          ? `Too many codes sent today. Ask again ${waitInWords(result.retryAfter)}.`
          : `A code was just sent. Ask again in ${result.retryAfter} s.`,
      );
    }
    return c.json({ ok: true as const, expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS });
  });
