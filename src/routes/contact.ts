// POST /api/contact: the public contact form, stored in the log table and throttled per IP.
import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../auth/client-ip";
import { insertLog } from "../db/logs";
import { hitThrottle } from "../db/throttle";
import { emailSchema, requiredString } from "../domain/account-schemas";
import { CONTACT_LIMIT, CONTACT_MESSAGE_MAX_LENGTH, CONTACT_WINDOW_SECONDS } from "../domain/auth-limits";
import { retryAfterSeconds } from "../domain/throttle";
import type { AppEnv } from "../env";
import { tooManyRequests } from "../errors";
import { validate } from "../middleware/validate";

const contactBody = z.object({
  email: emailSchema,
  message: requiredString("The message")
    .trim()
    .min(1, "The message is required.")
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `The message must have at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
    ),
});

export const contactRoutes = new Hono<AppEnv>().post("/", validate("json", contactBody), async (c) => {
  const { email, message } = c.req.valid("json");
  const db = c.var.db();
  const now = new Date();
  const counts = await hitThrottle(db, {
    keys: [`contact:ip:${clientIp(c)}`],
    windowSeconds: CONTACT_WINDOW_SECONDS,
    now,
  });
  const wait = retryAfterSeconds(counts, {
    limit: CONTACT_LIMIT,
    windowSeconds: CONTACT_WINDOW_SECONDS,
    now,
  });
  if (wait !== null) throw tooManyRequests(wait, "Too many messages from here. Try again later.");
  // JSON, so the log table can hold other kinds of entries and still be read by kind.
  await insertLog(db, {
    email,
    content: JSON.stringify({ kind: "contact", message, userId: c.var.user?.id ?? null }),
  });
  return c.json({ ok: true as const }, 201);
});
