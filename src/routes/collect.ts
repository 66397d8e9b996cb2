// POST /api/collect: the client's telemetry (SPEC §7). Validated, size- and rate-limited per monitoring
// session and IP, anonymous allowed; the signed-in user comes from the session cookie, never the body.
// Production writes to Workers Analytics Engine (binding TELEMETRY); elsewhere the items go to Postgres.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { clientIp } from "../auth/client-ip";
import { insertTelemetry } from "../db/telemetry";
import { hitThrottle } from "../db/throttle";
import {
  COLLECT_IP_LIMIT,
  COLLECT_MAX_BODY_BYTES,
  COLLECT_SESSION_LIMIT,
  COLLECT_WINDOW_SECONDS,
  MAX_BATCH_ITEMS,
  SESSION_ID_HEADER,
  SESSION_STATUS_HEADER,
} from "../domain/monitoring/constants";
import { toDataPoint } from "../domain/monitoring/data-point";
import { ITEM_TYPES, isSessionId, RATINGS, type TelemetryItem } from "../domain/monitoring/items";
import { retryAfterSeconds } from "../domain/throttle";
import type { AppEnv } from "../env";
import { AppError, tooManyRequests } from "../errors";
import { validate } from "../middleware/validate";

/** Names, keys and route patterns: printable, short, and never an address (no "@"). */
const label = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^@\s]+$/, "must be a name without spaces or '@'");

// A week either side of now: anything further is a broken clock, not telemetry worth keeping.
const WEEK_MS = 7 * 86_400_000;

const itemSchema = z
  .object({
    type: z.enum(ITEM_TYPES),
    name: label(64),
    value: z.number().finite().optional(),
    at: z
      .number()
      .int()
      .refine((at) => Math.abs(at - Date.now()) <= WEEK_MS, "must be a time within a week of now (ms)"),
    route: z
      .string()
      .max(200)
      .regex(/^\/[^@\s?#]*$/, "must be a path pattern")
      .optional(),
    model: label(64).optional(),
    status: z.number().int().min(0).max(599).optional(),
    rating: z.enum(RATINGS).optional(),
    duration: z.number().finite().min(0).optional(),
  })
  // Unknown fields (a message, an email, a user id) are refused rather than stored.
  .strict() satisfies z.ZodType<TelemetryItem>;

const collectBody = z.object({ items: z.array(itemSchema).min(1).max(MAX_BATCH_ITEMS) }).strict();

export const collectRoutes = new Hono<AppEnv>().post(
  "/",
  bodyLimit({
    maxSize: COLLECT_MAX_BODY_BYTES,
    onError: () => {
      throw new AppError(
        413,
        "payload_too_large",
        `A telemetry batch must be at most ${COLLECT_MAX_BODY_BYTES} bytes.`,
      );
    },
  }),
  validate("json", collectBody),
  async (c) => {
    const { items } = c.req.valid("json");
    const header = c.req.header(SESSION_ID_HEADER);
    // Kept under a name of its own when the client sent none or a malformed one, and told to start anew.
    const valid = isSessionId(header);
    const sessionId = valid ? header : "invalid";
    const db = c.var.db();
    const now = new Date();
    const ip = clientIp(c);
    const limits: Record<string, number> = {
      [`collect:ip:${ip}`]: COLLECT_IP_LIMIT,
      [`collect:session:${sessionId}`]: COLLECT_SESSION_LIMIT,
    };
    const counts = await hitThrottle(db, {
      keys: Object.keys(limits),
      windowSeconds: COLLECT_WINDOW_SECONDS,
      now,
    });
    const wait = retryAfterSeconds(counts, {
      limit: (key) => limits[key] ?? COLLECT_SESSION_LIMIT,
      windowSeconds: COLLECT_WINDOW_SECONDS,
      now,
    });
    if (wait !== null) throw tooManyRequests(wait, "Too much telemetry from here. Try again later.");

    const userId = c.var.user?.id ?? null;
    const dataset = c.env.TELEMETRY;
    if (dataset) {
      const country = (c.req.raw.cf?.country as string | undefined) ?? null;
      for (const item of items) dataset.writeDataPoint(toDataPoint(item, { sessionId, userId, country }));
    }
    if (!dataset || c.env.APP_ENV !== "production") await insertTelemetry(db, { sessionId, userId, items });
    if (!valid) c.header(SESSION_STATUS_HEADER, "invalid");
    return c.json({ accepted: items.length }, 202);
  },
);
