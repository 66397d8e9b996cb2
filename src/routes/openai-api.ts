// /api/v1: the public OpenAI-compatible API — models, chat completions, image generations — for API keys.
import { Hono } from "hono";
import { z } from "zod";
import { MODELS, type ModelEntry, modelAvailability } from "../domain/models";
import {
  CHAT_PARAMETERS,
  IMAGE_PARAMETERS,
  type ParameterRule,
  parametersShape,
  REASONING_EFFORTS,
  reasoningEffortOf,
  refusedParameter,
} from "../domain/openai-parameters";
import type { OpenAIModel, OpenAIModelList } from "../domain/openai-wire";
import type { AppEnv } from "../env";
import { AppError, unauthorized } from "../errors";
import { apiKeyAuth } from "../middleware/api-key";
import { validate } from "../middleware/validate";
import { providerSetupFromEnv } from "../providers";
import { apiModel, reserveApiRequest } from "../public-api/access";
import { completeChat, conversationOf } from "../public-api/completions";
import { generateImages } from "../public-api/images";
import { invalidRequest } from "../public-api/invalid-request";

// OpenAI's model objects carry a creation time; ours is the catalogue's, not a model's release date.
const CATALOGUE_CREATED = 1_767_225_600;

const modelObject = (model: ModelEntry): OpenAIModel => ({
  id: model.key,
  object: "model",
  created: CATALOGUE_CREATED,
  owned_by: model.provider,
});

const contentSchema = z.union([
  z.string(),
  z.null(),
  z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().optional(),
      image_url: z.union([z.string(), z.looseObject({ url: z.string().optional() })]).optional(),
    }),
  ),
]);

/** Above every catalogue model's output limit (the largest allow 128k tokens). */
const MAX_OUTPUT_TOKENS = 1_000_000;

const chatSchema = z.object({
  model: z.string().min(1).max(200),
  messages: z
    .array(
      // What a message says (not empty, parts we can pass on) is checked by conversationOf, each failure
      // with its own code, before the request is counted.
      z.object({
        // Tools are not offered, so neither are their messages: said plainly rather than as a bad enum value.
        role: z.enum(
          ["system", "developer", "user", "assistant"],
          "must be system, developer, user or assistant (tool calls are not supported)",
        ),
        content: contentSchema.optional(),
      }),
    )
    .min(1)
    .max(1000),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  // Bounded here: a provider refuses an absurd value with a 400 we would pass on as its failure (a 502).
  max_tokens: z.number().int().positive().max(MAX_OUTPUT_TOKENS).nullish(),
  max_completion_tokens: z.number().int().positive().max(MAX_OUTPUT_TOKENS).nullish(),
  reasoning_effort: z.enum(REASONING_EFFORTS).nullish(),
  // One answer per request: more choices would be refused rather than silently answered with one.
  n: z.literal(1, "only n: 1 is supported").nullish(),
  ...parametersShape(CHAT_PARAMETERS),
});

const imageSchema = z.object({
  model: z.string().min(1).max(200),
  prompt: z.string().trim().min(1, "must not be empty").max(32_000),
  n: z.literal(1, "only n: 1 is supported").nullish(),
  response_format: z.enum(["b64_json", "url"]).nullish(),
  ...parametersShape(IMAGE_PARAMETERS),
});

/**
 * Refuses (400, before the request is counted) a parameter we cannot honour, rather than answering as if it
 * had been. Its code is OpenAI's for a parameter a model does not support, `unsupported_parameter`.
 */
function refuseUnsupported(
  table: Record<string, ParameterRule>,
  body: Record<string, unknown>,
  model: ModelEntry,
): void {
  const refusal = refusedParameter(table, body, model);
  if (refusal) throw invalidRequest("unsupported_parameter", refusal.param, refusal.problem);
}

/** The key the call's statement checks (the middleware leaves it to completions and images). */
const keyOf = (c: { var: AppEnv["Variables"] }) => {
  if (!c.var.deferredApiKey) throw unauthorized();
  return c.var.deferredApiKey;
};

export const openAIRoutes = new Hono<AppEnv>()
  .use(apiKeyAuth())
  .get("/models", (c) => {
    const available = new Set(modelAvailability(providerSetupFromEnv(c.env)).available);
    const data = MODELS.filter((m) => available.has(m.key) && !m.deprecated).map(modelObject);
    return c.json({ object: "list", data } satisfies OpenAIModelList);
  })
  .get("/models/:model{.+}", (c) => {
    const key = c.req.param("model");
    const available = modelAvailability(providerSetupFromEnv(c.env)).available;
    const model = MODELS.find((m) => m.key === key && available.includes(m.key));
    if (!model) throw new AppError(404, "model_not_found", `The model '${key}' does not exist.`);
    return c.json(modelObject(model));
  })
  .post("/chat/completions", validate("json", chatSchema), async (c) => {
    const body = c.req.valid("json");
    const model = apiModel(body.model, c.env, "chat");
    refuseUnsupported(CHAT_PARAMETERS, body, model);
    const conversation = conversationOf(body.messages, model);
    await reserveApiRequest(c.env, { key: keyOf(c), model });
    const maxOutputTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
    const effort = body.reasoning_effort;
    return completeChat(
      c.env,
      {
        model,
        conversation,
        stream: body.stream === true,
        includeUsage: body.stream_options?.include_usage === true,
        options: {
          ...(maxOutputTokens ? { maxOutputTokens } : {}),
          ...(effort && model.reasoningEffort ? { reasoningEffort: reasoningEffortOf(effort) } : {}),
        },
      },
      c.req.raw.signal,
    );
  })
  .post("/images/generations", validate("json", imageSchema), async (c) => {
    const body = c.req.valid("json");
    const model = apiModel(body.model, c.env, "image");
    refuseUnsupported(IMAGE_PARAMETERS, body, model);
    await reserveApiRequest(c.env, { key: keyOf(c), model });
    const images = await generateImages(
      c.env,
      { model, prompt: body.prompt, responseFormat: body.response_format ?? "b64_json" },
      c.req.raw.signal,
    );
    return c.json(images);
  });
