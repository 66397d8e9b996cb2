// Dev-only routes (mounted only outside production builds and environments): the mail outbox reader.
import { Hono } from "hono";
import { z } from "zod";
import { outboxFor } from "../db/outbox";
import { emailSchema } from "../domain/account-schemas";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { validate } from "../middleware/validate";

/** A function, not a module-level app, so a production bundle that never calls it drops it entirely. */
export function createDevRoutes() {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      // A development build deployed with APP_ENV=production still hides them.
      if (c.env.APP_ENV === "production") throw notFound(`No such endpoint: ${c.req.method} ${c.req.path}`);
      return next();
    })
    .get("/outbox", validate("query", z.object({ email: emailSchema })), async (c) => {
      const messages = await outboxFor(c.var.db(), { to: c.req.valid("query").email });
      return c.json({
        messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      });
    });
}
