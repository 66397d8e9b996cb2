// Fake Stability AI v2beta Stable Image API: generate (sd3, core, ultra), upscale, remove background.
import { randomInt } from "node:crypto";
import { type Ctx, imagePreflight, sendBytes, sendJson, sleep, untilClosed } from "./common.ts";
import { fakePng } from "./fake-content.ts";

const ENDPOINTS = new Map([
  ["/v2beta/stable-image/generate/sd3", { prompt: true, image: false }],
  ["/v2beta/stable-image/generate/core", { prompt: true, image: false }],
  ["/v2beta/stable-image/generate/ultra", { prompt: true, image: false }],
  ["/v2beta/stable-image/upscale/fast", { prompt: false, image: true }],
  ["/v2beta/stable-image/upscale/conservative", { prompt: true, image: true }],
  ["/v2beta/stable-image/edit/remove-background", { prompt: false, image: true }],
]);

function errorBody(status: number, message: string) {
  const name = status === 429 ? "rate_limit_exceeded" : status >= 500 ? "internal_error" : "bad_request";
  return { id: `err-${status}`, name, errors: [message] };
}

export async function handleStability(ctx: Ctx, key: string): Promise<void> {
  if (ctx.req.headers.authorization !== `Bearer ${key}`) {
    sendJson(ctx, 401, {
      id: "auth",
      name: "unauthorized",
      errors: ["missing or invalid authorization header"],
    });
    return;
  }
  const endpoint = ENDPOINTS.get(ctx.path);
  if (ctx.req.method !== "POST" || !endpoint) {
    sendJson(ctx, 404, errorBody(404, `no route ${ctx.req.method} ${ctx.path}`));
    return;
  }
  if (!ctx.form) {
    sendJson(ctx, 400, errorBody(400, "the request must be multipart/form-data"));
    return;
  }
  const prompt = ctx.form.get("prompt");
  const image = ctx.form.get("image");
  if (endpoint.prompt && (typeof prompt !== "string" || !prompt)) {
    sendJson(ctx, 400, errorBody(400, "prompt: cannot be empty"));
    return;
  }
  if (endpoint.image && !(image instanceof Blob)) {
    sendJson(ctx, 400, errorBody(400, "image: required"));
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  if (ctx.behaviour === "slow" || ctx.behaviour === "hang") return untilClosed(ctx);
  if (ctx.behaviour === "slow_first_token") await sleep(ctx.options.delayMs ?? 400);
  if (ctx.behaviour === "malformed") {
    ctx.res.writeHead(200, { "content-type": "application/json" });
    ctx.res.end('{"image": "iVBORw0K');
    return;
  }
  const png = fakePng(`${ctx.path}:${typeof prompt === "string" ? prompt : ""}`);
  const seed = randomInt(1, 4_294_967_294);
  if (String(ctx.req.headers.accept ?? "").startsWith("image/")) {
    sendBytes(ctx, "image/png", png, { "finish-reason": "SUCCESS", seed: String(seed) });
  } else {
    sendJson(ctx, 200, { image: Buffer.from(png).toString("base64"), finish_reason: "SUCCESS", seed });
  }
  ctx.seen.completed = true;
}
