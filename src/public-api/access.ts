// What a public API request may use: the model it names, and its place in the key owner's quota.
import { reserveForApiKey } from "../db/api-key-request";
import { oneShot } from "../db/client";
import { apiKeyRates, requestsPerMinuteOf } from "../domain/api-keys";
import {
  isFreeModel,
  isImageOnlyInput,
  type ModelEntry,
  offeredModel,
  usageCategoryOf,
} from "../domain/models";
import { waitInWords } from "../domain/throttle";
import type { DeferredApiKey, Env } from "../env";
import { AppError } from "../errors";
import { providerSetupFromEnv } from "../providers";
import { invalidRequest } from "./invalid-request";

/** A 400 about the request's `model` (its `param` in OpenAI's error). */
const wrongModel = (message: string) => invalidRequest("unsupported_model", "model", message, message);

/**
 * The catalogue model a request names, for the endpoint it called: an unknown model, or one this
 * deployment does not offer, is a 404 (the models list never shows it); a model of the other kind is a 400.
 */
export function apiModel(key: string, env: Env, kind: "chat" | "image"): ModelEntry {
  const found = offeredModel(key, providerSetupFromEnv(env));
  if (!found.ok) {
    throw new AppError(
      404,
      "model_not_found",
      `The model '${key}' does not exist. GET /api/v1/models lists them.`,
    );
  }
  const { model } = found;
  if (kind === "chat" && model.type === "image") {
    throw wrongModel(`'${key}' is an image model: call POST /api/v1/images/generations.`);
  }
  if (kind === "image" && model.type !== "image") {
    throw wrongModel(`'${key}' is not an image model: call POST /api/v1/chat/completions.`);
  }
  if (kind === "image" && isImageOnlyInput(model)) {
    throw wrongModel(`'${key}' works on an image you give it, which this endpoint does not take.`);
  }
  return model;
}

export interface ApiReservation {
  userId: number;
  model: string;
  at: Date;
}

/**
 * Checks the key (401) and counts one request against its owner's plan and category quota (a team's pooled
 * one for a member) and against the key's own rate, in the app's one atomic step — one statement over Neon's
 * HTTP endpoint, nothing to connect first; or throws what OpenAI clients expect: 403 when the plan does not
 * include the model, 429 with Retry-After over the quota or the rate.
 */
export async function reserveApiRequest(
  env: Env,
  { key, model }: { key: DeferredApiKey; model: ModelEntry },
): Promise<ApiReservation> {
  const category = usageCategoryOf(model, {});
  const perMinute = requestsPerMinuteOf(env.API_KEY_REQUESTS_PER_MINUTE);
  const found = await reserveForApiKey(oneShot(env), {
    hash: key.hash,
    now: key.now,
    usage: { model: model.key, category, free: isFreeModel(model.key), rates: apiKeyRates(perMinute) },
  });
  const { userId } = key.settle(found?.key ?? null);
  const decision = found?.decision;
  if (!decision) throw new Error("the key's statement answered no decision");
  if (decision.ok) return { userId, model: model.key, at: key.now };
  if (decision.reason === "no_plan") {
    throw new AppError(
      403,
      "model_not_in_plan",
      `Your plan does not include ${model.key}: choose a plan at /app/account/subscription.`,
    );
  }
  const headers = { "Retry-After": String(decision.retryAfterSeconds) };
  if (decision.reason === "fair_usage") {
    throw new AppError(
      429,
      "too_many_requests",
      `Rate limit reached for this API key (${perMinute} requests per minute, fair usage per hour). Try again ${waitInWords(decision.retryAfterSeconds)}.`,
      { headers },
    );
  }
  throw new AppError(
    429,
    "quota_reached",
    `You reached your quota: ${decision.used} of ${decision.limit} ${category} requests. Try again ${waitInWords(decision.retryAfterSeconds)}.`,
    { headers },
  );
}
