// Key auth for the public API (/api/v1): `Authorization: Bearer <key>`, no cookie, no Origin check.
import { createMiddleware } from "hono/factory";
import { apiKeyMatches, hashApiKey, isApiKeyShaped } from "../auth/api-keys";
import { findLiveApiKey } from "../db/api-keys";
import { bearerToken } from "../domain/api-keys";
import type { AppEnv } from "../env";
import { unauthorized } from "../errors";

const invalidKey = () =>
  unauthorized(
    "Incorrect API key provided. Create one at /app/account/settings/api and send it as Authorization: Bearer <key>.",
  );

/** Resolves the request's key to its owner (marking it used), or answers 401: a revoked key at once. */
export const apiKeyAuth = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = bearerToken(c.req.header("Authorization"));
    if (!key || !isApiKeyShaped(key)) throw invalidKey();
    const hash = await hashApiKey(key);
    const found = await findLiveApiKey(c.var.db(), { hash, now: new Date() });
    if (!found || !apiKeyMatches(found.hash, hash)) throw invalidKey();
    c.set("apiKey", { id: found.id, userId: found.userId });
    return next();
  });
