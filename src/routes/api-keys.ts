// /api/keys: a signed-in user's API keys — list, create (the secret answered once), revoke.
import { Hono } from "hono";
import { z } from "zod";
import { newApiKey } from "../auth/api-keys";
import { subscriptionSummary } from "../db/account-summary";
import { type ApiKeySummary, createApiKey, listApiKeys, revokeApiKey } from "../db/api-keys";
import type { Database } from "../db/client";
import {
  API_KEY_NAME_MAX,
  type ApiKeyWire,
  type CreatedApiKeyWire,
  MAX_API_KEYS_PER_USER,
} from "../domain/api-keys";
import { isPaidPlan, userPlanOf } from "../domain/plans";
import { isMemberRow } from "../domain/team";
import type { AppEnv } from "../env";
import { AppError, notFound } from "../errors";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { idSchema, nameSchema } from "./schemas";

const apiKeyDto = (row: ApiKeySummary): ApiKeyWire => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const keyNameSchema = nameSchema(API_KEY_NAME_MAX);

/**
 * A key is for calling the models of a plan: without one (none, ended, or a team whose plan ended) every call
 * would be refused, so none is made. Keys made before the plan ended stay listed and revocable.
 */
async function requirePlan(db: Database, userId: number): Promise<void> {
  const { own, admin } = await subscriptionSummary(db, { userId });
  if (isPaidPlan(userPlanOf(own, admin))) return;
  throw new AppError(
    403,
    "subscription_required",
    isMemberRow(own, userId)
      ? "Your team's plan is not active: API keys work again once your team's admin renews it."
      : "API keys come with a plan: choose one at /app/account/subscription to create a key.",
  );
}

export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const rows = await listApiKeys(c.var.db(), { userId: signedInUser(c).id });
    return c.json({ keys: rows.map(apiKeyDto) });
  })
  .post("/create", validate("json", z.object({ name: keyNameSchema })), async (c) => {
    const { name } = c.req.valid("json");
    const userId = signedInUser(c).id;
    await requirePlan(c.var.db(), userId);
    const secret = await newApiKey();
    const row = await createApiKey(c.var.db(), {
      userId,
      name,
      prefix: secret.prefix,
      hash: secret.hash,
      max: MAX_API_KEYS_PER_USER,
    });
    if (!row) {
      throw new AppError(
        409,
        "api_key_limit",
        `You already have ${MAX_API_KEYS_PER_USER} API keys: revoke one before creating another.`,
      );
    }
    // The only answer that ever carries the whole key; it is not kept anywhere.
    c.header("Cache-Control", "no-store");
    return c.json({ id: row.id, key: secret.key, apiKey: apiKeyDto(row) } satisfies CreatedApiKeyWire, 201);
  })
  .post("/revoke", validate("json", z.object({ id: idSchema })), async (c) => {
    const { id } = c.req.valid("json");
    if (!(await revokeApiKey(c.var.db(), { userId: signedInUser(c).id, id })))
      throw notFound("No such API key.");
    return c.json({ ok: true });
  });
