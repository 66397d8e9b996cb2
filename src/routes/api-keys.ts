// /api/keys: a signed-in user's API keys — list, create (the secret answered once), revoke.
import { Hono } from "hono";
import { z } from "zod";
import { newApiKey } from "../auth/api-keys";
import {
  type ApiKeyRefusal,
  type ApiKeySummary,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "../db/api-keys";
import {
  API_KEY_NAME_MAX,
  type ApiKeyWire,
  type CreatedApiKeyWire,
  MAX_API_KEYS_PER_USER,
} from "../domain/api-keys";
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

/** What each refusal of a new key says; keys made before a plan ended stay listed and revocable. */
const refusals: Record<ApiKeyRefusal, () => AppError> = {
  // Without a plan every call would be refused, so no key is made.
  no_plan: () =>
    new AppError(
      403,
      "subscription_required",
      "API keys come with a plan: choose one at /app/account/subscription to create a key.",
    ),
  team_plan_inactive: () =>
    new AppError(
      403,
      "subscription_required",
      "Your team's plan is not active: API keys work again once your team's admin renews it.",
    ),
  limit: () =>
    new AppError(
      409,
      "api_key_limit",
      `You already have ${MAX_API_KEYS_PER_USER} API keys: revoke one before creating another.`,
    ),
};

export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const rows = await listApiKeys(c.var.db(), { userId: signedInUser(c).id });
    return c.json({ keys: rows.map(apiKeyDto) });
  })
  .post("/create", validate("json", z.object({ name: keyNameSchema })), async (c) => {
    const { name } = c.req.valid("json");
    const userId = signedInUser(c).id;
    const secret = await newApiKey();
    const made = await createApiKey(c.var.db(), {
      userId,
      name,
      prefix: secret.prefix,
      hash: secret.hash,
      max: MAX_API_KEYS_PER_USER,
    });
    if ("refused" in made) throw refusals[made.refused]();
    const row = made.row;
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
