// Key auth for the public API (/api/v1): `Authorization: Bearer <key>`, no cookie, no Origin check.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { apiKeyMatches, hashApiKey, isApiKeyShaped } from "../auth/api-keys";
import { findLiveApiKey } from "../db/api-keys";
import { bearerToken } from "../domain/api-keys";
import type { AppEnv, DeferredApiKey } from "../env";
import { unauthorized } from "../errors";

const invalidKey = () =>
  unauthorized(
    "Incorrect API key provided. Create one at /app/account/settings/api and send it as Authorization: Bearer <key>.",
  );

/**
 * The calls that ask a provider: their one statement checks the key with the quota (src/db/api-key-request.ts),
 * so the provider is not kept waiting for a key lookup of its own.
 */
const KEY_IN_STATEMENT: ReadonlySet<string> = new Set([
  "/api/v1/chat/completions",
  "/api/v1/images/generations",
]);

/** Resolves the request's key to its owner (marking it used), or answers 401: a revoked key at once. */
export const apiKeyAuth = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = bearerToken(c.req.header("Authorization"));
    if (!key || !isApiKeyShaped(key)) throw invalidKey();
    const hash = await hashApiKey(key);
    const now = new Date();
    if (c.req.method === "POST" && KEY_IN_STATEMENT.has(c.req.path)) return deferred(c, next, hash, now);
    settle(c, hash, await findLiveApiKey(c.var.db(), { hash, now }));
    return next();
  });

function settle(
  c: Context<AppEnv>,
  hash: string,
  found: { id: number; userId: number; hash: string } | null,
) {
  if (!found || !apiKeyMatches(found.hash, hash)) throw invalidKey();
  const apiKey = { id: found.id, userId: found.userId };
  c.set("apiKey", apiKey);
  return apiKey;
}

/**
 * A key left to the route's statement. The answer is what it would have been with the key checked first: a
 * route that failed before its statement (an invalid body, an unknown model) still answers 401 for a bad key.
 */
async function deferred(c: Context<AppEnv>, next: () => Promise<void>, hash: string, now: Date) {
  let checked = false;
  const check: DeferredApiKey = {
    hash,
    now,
    settle: (found) => {
      checked = true;
      return settle(c, hash, found);
    },
  };
  c.set("deferredApiKey", check);
  await next();
  if (!checked) check.settle(await findLiveApiKey(c.var.db(), { hash, now }));
}
