// Fake Recraft API: OpenAI-style generations (raster or SVG) and the image tools (vectorize, remove background…).
import { randomUUID } from "node:crypto";
import { type Ctx, imagePreflight, sendJson, sleep, untilClosed } from "./common.ts";
import { fakePng, fakeSvg } from "./fake-content.ts";

const TOOLS = new Set([
  "/v1/images/vectorize",
  "/v1/images/removeBackground",
  "/v1/images/crispUpscale",
  "/v1/images/creativeUpscale",
]);

function errorBody(status: number, message: string) {
  return {
    code: status === 429 ? "rate_limit" : status >= 500 ? "internal_error" : "invalid_request",
    message,
  };
}

function imageItem(ctx: Ctx, data: Uint8Array, type: string, format: unknown) {
  if (format === "url") {
    const name = `${randomUUID()}.${type === "image/svg+xml" ? "svg" : "png"}`;
    ctx.files.set(name, { type, data });
    return { url: `${ctx.origin}/recraftai/files/${name}` };
  }
  return { b64_json: Buffer.from(data).toString("base64") };
}

export async function handleRecraft(ctx: Ctx, key: string): Promise<void> {
  if (ctx.req.headers.authorization !== `Bearer ${key}`) {
    sendJson(ctx, 401, errorBody(401, "not authenticated"));
    return;
  }
  const isTool = TOOLS.has(ctx.path);
  if (ctx.req.method !== "POST" || (!isTool && ctx.path !== "/v1/images/generations")) {
    sendJson(ctx, 404, errorBody(404, `no route ${ctx.path}`));
    return;
  }
  const file = ctx.form?.get("file");
  const prompt = ctx.json?.prompt;
  if (isTool ? !(file instanceof Blob) : typeof prompt !== "string" || !prompt) {
    sendJson(ctx, 400, errorBody(400, isTool ? "file is required" : "prompt is required"));
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  if (ctx.behaviour === "slow" || ctx.behaviour === "hang") return untilClosed(ctx);
  if (ctx.behaviour === "slow_first_token") await sleep(ctx.options.delayMs ?? 400);
  if (ctx.behaviour === "malformed") {
    ctx.res.writeHead(200, { "content-type": "application/json" });
    ctx.res.end('{"data": [{"b64_json": ');
    return;
  }
  if (isTool) {
    const svg = ctx.path.endsWith("vectorize");
    const data = svg ? fakeSvg(ctx.path) : fakePng(ctx.path);
    sendJson(ctx, 200, {
      image: imageItem(ctx, data, svg ? "image/svg+xml" : "image/png", ctx.form?.get("response_format")),
    });
  } else {
    const style = String(ctx.json?.style ?? "");
    const svg = style.startsWith("vector") || String(ctx.json?.model ?? "").includes("svg");
    const data = svg ? fakeSvg(String(prompt)) : fakePng(String(prompt));
    const item = imageItem(
      ctx,
      data,
      svg ? "image/svg+xml" : "image/png",
      ctx.json?.response_format ?? "url",
    );
    sendJson(ctx, 200, { created: Math.floor(Date.now() / 1000), credits: 1, data: [item] });
  }
  ctx.seen.completed = true;
}
