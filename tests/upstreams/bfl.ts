// Fake Black Forest Labs API: submit a FLUX job, poll get_result until Ready, download the signed sample.
import { randomUUID } from "node:crypto";
import { type Ctx, imagePreflight, sendJson } from "./common.ts";
import { fakePng } from "./fake-content.ts";

interface Job {
  prompt: string;
  polls: number;
  readyAt: number;
  never: boolean;
}

const jobs = new Map<string, Job>();

function errorBody(status: number, message: string) {
  return { detail: status === 429 ? "You have exceeded the number of active tasks." : message };
}

export async function handleBfl(ctx: Ctx, key: string): Promise<void> {
  if (ctx.req.headers["x-key"] !== key) {
    sendJson(ctx, 403, { detail: "Not authenticated - Invalid Authentication" });
    return;
  }
  if (ctx.req.method === "GET" && ctx.path === "/v1/get_result") return poll(ctx);
  if (ctx.req.method !== "POST" || !/^\/v1\/[\w.-]+$/.test(ctx.path)) {
    sendJson(ctx, 404, { detail: "Not Found" });
    return;
  }
  const prompt = ctx.json?.prompt;
  if (typeof prompt !== "string" || !prompt) {
    sendJson(ctx, 422, { detail: [{ loc: ["body", "prompt"], msg: "Field required", type: "missing" }] });
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  const id = randomUUID();
  const delay = ctx.behaviour === "slow_first_token" ? (ctx.options.delayMs ?? 400) : 0;
  jobs.set(id, {
    prompt,
    polls: 0,
    readyAt: Date.now() + delay,
    never: ctx.behaviour === "slow" || ctx.behaviour === "hang",
  });
  sendJson(ctx, 200, { id, polling_url: `${ctx.origin}/black-forest-labs/v1/get_result?id=${id}` });
  ctx.seen.completed = true;
}

async function poll(ctx: Ctx): Promise<void> {
  const id = ctx.url.searchParams.get("id") ?? "";
  const job = jobs.get(id);
  if (!job) {
    sendJson(ctx, 200, { id, status: "Task not found", result: null });
    return;
  }
  if (ctx.behaviour === "malformed") {
    ctx.res.writeHead(200, { "content-type": "application/json" });
    ctx.res.end('{"id": "');
    return;
  }
  if (ctx.behaviour === "disconnect") return ctx.disconnect();
  job.polls++;
  // Always Pending once, so clients really poll.
  if (job.never || job.polls < 2 || Date.now() < job.readyAt) {
    sendJson(ctx, 200, { id, status: "Pending", result: null, progress: Math.min(0.9, job.polls / 10) });
    ctx.seen.completed = true;
    return;
  }
  const name = `${id}.png`;
  ctx.files.set(name, { type: "image/png", data: fakePng(job.prompt) });
  sendJson(ctx, 200, {
    id,
    status: "Ready",
    result: {
      sample: `${ctx.origin}/black-forest-labs/files/${name}`,
      prompt: job.prompt,
      seed: 42,
      start_time: 0,
      end_time: 1,
      duration: 1,
    },
    progress: null,
  });
  ctx.seen.completed = true;
}
