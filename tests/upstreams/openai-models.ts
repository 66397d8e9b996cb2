// Which model ids the fake OpenAI API refuses: those OpenAI has already shut down, answered 404 like the real API.
import { type Ctx, sendJson } from "./common.ts";

// Shutdowns already past on 2026-11-25, from the openai SDK 7.57.0 ChatModel and ImageModel doc comments. A fixed list, not a
// clock: the fake must not start refusing gpt-5 on 2026-12-11 under a test that was green the day before.
// Models shutting down later (gpt-5, gpt-4o, …) are still served, as they are upstream until their day.
const SHUT_DOWN =
  /^(o1|o1-2024-12-17|o1-preview.*|o1-mini.*|o3-mini.*|o4-mini|o4-mini-2025-04-16|gpt-4\.1-nano.*|gpt-4o-2024-05-13|gpt-4|gpt-4-.*|gpt-3\.5-turbo.*|chatgpt-4o-latest|codex-mini-latest|gpt-5(\.[123])?-chat-latest|gpt-5\.1-codex|gpt-4o(-mini)?-search-preview.*|gpt-image-1|dall-e-[23])$/;

/** Answers 404 model_not_found, as api.openai.com does, when OpenAI itself is asked for a shut-down model. */
export function refusedAsShutDown(ctx: Ctx, model: string): boolean {
  if (ctx.provider !== "openai" || !SHUT_DOWN.test(model)) return false;
  sendJson(ctx, 404, {
    error: {
      message: `The model \`${model}\` does not exist or you do not have access to it.`,
      type: "invalid_request_error",
      param: null,
      code: "model_not_found",
    },
  });
  return true;
}
