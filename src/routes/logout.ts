// POST /api/logout: ends this browser's session (the row goes) and drops the cookie; fine without one.
import { Hono } from "hono";
import { endSession } from "../auth/sessions";
import type { AppEnv } from "../env";

export const logoutRoutes = new Hono<AppEnv>().post("/", async (c) => {
  await endSession(c);
  return c.json({ ok: true as const });
});
