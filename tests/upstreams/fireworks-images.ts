// Fake Fireworks FLUX workflow (POST …/workflows/<model>/text_to_image): the PNG itself, or JSON with base64.
import { randomUUID } from "node:crypto";
import { type Ctx, imagePreflight, sendBytes, sendJson, sleep, untilClosed } from "./common.ts";
import { fakePng } from "./fake-content.ts";

/** Fireworks' error body (its OpenAI-compatible API uses the same shape). */
function errorBody(status: number, message: string) {
  const type =
    status === 429 ? "rate_limit_exceeded" : status >= 500 ? "internal_error" : "invalid_request_error";
  return { error: { object: "error", type, message } };
}

export const isFireworksWorkflow = (path: string) =>
  /^\/inference\/v1\/workflows\/.+\/text_to_image$/.test(path);

export async function fireworksTextToImage(ctx: Ctx): Promise<void> {
  if (ctx.req.method !== "POST") {
    sendJson(ctx, 405, errorBody(405, "Method not allowed"));
    return;
  }
  const prompt = ctx.json?.prompt;
  if (typeof prompt !== "string" || !prompt) {
    sendJson(ctx, 400, errorBody(400, "prompt: field required"));
    return;
  }
  const accept = String(ctx.req.headers.accept ?? "image/jpeg");
  if (!accept.includes("image/png") && !accept.includes("application/json")) {
    // The real service also answers JPEG; this fake only draws PNGs.
    sendJson(ctx, 400, errorBody(400, `the fake answers image/png or application/json, not ${accept}`));
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  if (ctx.behaviour === "slow" || ctx.behaviour === "hang") return untilClosed(ctx);
  if (ctx.behaviour === "slow_first_token") await sleep(ctx.options.delayMs ?? 400);
  const seed = 1234567890;
  const headers = { "finish-reason": "SUCCESS", seed: String(seed) };
  if (ctx.behaviour === "malformed") {
    sendBytes(ctx, "image/png", new TextEncoder().encode("not a png"), headers);
    return;
  }
  const png = fakePng(prompt);
  if (accept.includes("image/png")) sendBytes(ctx, "image/png", png, headers);
  else
    sendJson(ctx, 200, {
      id: randomUUID(),
      base64: [Buffer.from(png).toString("base64")],
      finishReason: "SUCCESS",
      seed,
    });
  ctx.seen.completed = true;
}
