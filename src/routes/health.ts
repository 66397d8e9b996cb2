// GET /api/health: the Worker is up and Postgres answers a real query.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../env";

export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  try {
    const result = await c.var.db().execute<{ ok: number }>(sql`select 1 as ok`);
    const db = result.rows[0]?.ok === 1;
    return c.json({ ok: db, db }, db ? 200 : 503);
  } catch (err) {
    console.error("health check: database unreachable", err);
    return c.json({ ok: false, db: false }, 503);
  }
});
