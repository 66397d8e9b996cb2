// Fake Midjourney relay speaking the midjourney-proxy API: submit imagine/action/modal, fetch the task, download.
// Remix mode is on for grids imagined from a prompt containing "remix-mode" and what is made from them (on the
// relay it is its Discord account's setting; here a grid's, since tests run side by side).
import { randomInt } from "node:crypto";
import { type Ctx, imagePreflight, sendJson } from "./common.ts";
import { fakePng } from "./fake-content.ts";

interface Task {
  id: string;
  action: "IMAGINE" | "UPSCALE" | "VARIATION" | "REROLL";
  prompt: string;
  /** The prompt Midjourney ran: an imagine's own, an action's its grid's, a remix's the one sent in its box. */
  finalPrompt: string;
  /** Made on an account with Remix mode on: its variations and rerolls open a prompt box. */
  remix: boolean;
  /** open: the prompt box waits (status MODAL); queued: sent, the relay still shows MODAL until it runs. */
  modal?: "open" | "queued";
  finished: boolean;
  fetches: number;
  readyAt: number;
  never: boolean;
  /** What the task offered once it succeeded: an action must press one of these. */
  buttons: Array<{ customId: string }>;
}

const tasks = new Map<string, Task>();

const REMIX = "remix-mode";
const DEDUPE = "dedupe";

/** Picture widths, so a test can tell what it got: a grid 64 px, a variation's grid 48, an upscale 32. */
const SIZES: Record<Task["action"], number> = { IMAGINE: 64, REROLL: 64, VARIATION: 48, UPSCALE: 32 };

function errorBody(status: number, message: string) {
  return { code: status === 429 ? 23 : 9, description: message, result: null };
}

const gridButtons = (id: string) => [
  ...[1, 2, 3, 4].map((n) => ({
    customId: `MJ::JOB::upsample::${n}::${id}`,
    emoji: "",
    label: `U${n}`,
    type: 2,
    style: 2,
  })),
  { customId: `MJ::JOB::reroll::0::${id}::SOLO`, emoji: "🔄", label: "", type: 2, style: 2 },
  ...[1, 2, 3, 4].map((n) => ({
    customId: `MJ::JOB::variation::${n}::${id}`,
    emoji: "",
    label: `V${n}`,
    type: 2,
    style: 2,
  })),
];

/** The task an action starts, as the button's custom id names it (MJ::JOB::upsample::2::<id>). */
function actionOf(customId: string): Task["action"] {
  const kind = customId.split("::")[2];
  return kind === "variation" ? "VARIATION" : kind === "reroll" ? "REROLL" : "UPSCALE";
}

export async function handleMidjourney(ctx: Ctx, key: string): Promise<void> {
  if (ctx.req.headers["mj-api-secret"] !== key) {
    sendJson(ctx, 401, { code: 401, description: "Unauthorized", result: null });
    return;
  }
  const fetchMatch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(ctx.path);
  if (ctx.req.method === "GET" && fetchMatch) return fetchTask(ctx, decodeURIComponent(fetchMatch[1] ?? ""));
  if (ctx.req.method === "POST" && ctx.path === "/mj/submit/modal") return submitModal(ctx);
  if (ctx.req.method !== "POST" || (ctx.path !== "/mj/submit/imagine" && ctx.path !== "/mj/submit/action")) {
    sendJson(ctx, 404, { code: 404, description: "Not Found", result: null });
    return;
  }
  const body = ctx.json ?? {};
  const imagine = ctx.path.endsWith("imagine");
  if (imagine ? typeof body.prompt !== "string" || !body.prompt : !body.taskId || !body.customId) {
    sendJson(ctx, 200, {
      code: 4,
      description: imagine ? "prompt cannot be empty" : "taskId and customId are required",
      result: null,
    });
    return;
  }
  // midjourney-proxy answers an action on a task it does not know (code 3), or on one that is not done or
  // never offered that button (code 4), without starting anything.
  const parent = imagine ? undefined : tasks.get(String(body.taskId));
  if (!imagine && !parent) {
    sendJson(ctx, 200, { code: 3, description: "no such task", result: null });
    return;
  }
  if (parent && !parent.buttons.some((b) => b.customId === body.customId)) {
    sendJson(ctx, 200, { code: 4, description: "the task offers no such button", result: null });
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  if (imagine && String(body.prompt).includes("banned")) {
    sendJson(ctx, 200, {
      code: 24,
      description: "banned prompt",
      result: null,
      properties: { bannedWord: "banned" },
    });
    return;
  }
  // A prompt imagined again while its task runs may be answered as that task (code 21, "already exists", as
  // midjourney-proxy once did for upscales): here one containing DEDUPE, so that other tests get their own.
  const running =
    imagine &&
    String(body.prompt).includes(DEDUPE) &&
    [...tasks.values()].find((t) => t.prompt === body.prompt && !t.finished);
  if (running) {
    sendJson(ctx, 200, { code: 21, description: "Task already exists", result: running.id, properties: {} });
    ctx.seen.completed = true;
    return;
  }
  const id = String(randomInt(1_000_000_000_000, 9_000_000_000_000));
  const action = imagine ? "IMAGINE" : actionOf(String(body.customId));
  const prompt = String(body.prompt ?? "");
  const task: Task = {
    id,
    action,
    prompt: imagine ? prompt : `${parent?.prompt ?? ""} (${String(body.customId)})`,
    finalPrompt: parent?.finalPrompt ?? prompt,
    remix: parent?.remix ?? prompt.includes(REMIX),
    fetches: 0,
    readyAt: Date.now() + (ctx.behaviour === "slow_first_token" ? (ctx.options.delayMs ?? 400) : 0),
    never: ctx.behaviour === "slow" || ctx.behaviour === "hang",
    buttons: [],
    finished: false,
  };
  tasks.set(id, task);
  // With Remix on, a variation or a reroll opens Discord's prompt box: midjourney-proxy answers code 21 and
  // holds the task as MODAL until /mj/submit/modal sends the box.
  if (task.remix && (action === "VARIATION" || action === "REROLL")) task.modal = "open";
  const box = { finalPrompt: task.finalPrompt, remix: true };
  sendJson(
    ctx,
    200,
    task.modal
      ? { code: 21, description: "Waiting for window confirm", result: id, properties: box }
      : { code: 1, description: "Submit success", result: id, properties: {} },
  );
  ctx.seen.completed = true;
}

/**
 * POST /mj/submit/modal { taskId, prompt, maskBase64? }: sends a MODAL task's prompt box (an empty prompt is
 * the grid's own). Sending it twice is refused here, where the relay would press Midjourney twice.
 */
async function submitModal(ctx: Ctx): Promise<void> {
  const body = ctx.json ?? {};
  const task = tasks.get(String(body.taskId ?? ""));
  if (!task) {
    sendJson(ctx, 404, { code: 3, description: "no such task", result: null });
    return;
  }
  if (task.modal !== "open") {
    sendJson(ctx, 200, { code: 4, description: "the task waits for no window", result: null });
    return;
  }
  if (await imagePreflight(ctx, errorBody)) return;
  const prompt = typeof body.prompt === "string" ? body.prompt.trim() : "";
  task.finalPrompt = prompt || task.finalPrompt;
  task.modal = "queued";
  sendJson(ctx, 200, { code: 1, description: "Submit success", result: task.id, properties: {} });
  ctx.seen.completed = true;
}

async function fetchTask(ctx: Ctx, id: string): Promise<void> {
  const task = tasks.get(id);
  if (!task) {
    sendJson(ctx, 404, { code: 3, description: "task not found", result: null });
    return;
  }
  if (ctx.behaviour === "malformed") {
    ctx.res.writeHead(200, { "content-type": "application/json" });
    ctx.res.end('{"id": "');
    return;
  }
  if (ctx.behaviour === "disconnect") return ctx.disconnect();
  const base = {
    id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt,
    description: "/imagine",
    submitTime: Date.now(),
    failReason: null,
    properties: { finalPrompt: task.finalPrompt },
  };
  if (task.modal) {
    // A sent box shows as MODAL once more, until the relay's queue runs it.
    if (task.modal === "queued") task.modal = undefined;
    sendJson(ctx, 200, { ...base, status: "MODAL", progress: "0%", imageUrl: null, buttons: [] });
    ctx.seen.completed = true;
    return;
  }
  task.fetches++;
  if (task.never || task.fetches < 2 || Date.now() < task.readyAt) {
    sendJson(ctx, 200, { ...base, status: "IN_PROGRESS", progress: "50%", imageUrl: null, buttons: [] });
  } else {
    const name = `${id}.png`;
    ctx.files.set(name, { type: "image/png", data: fakePng(task.prompt, SIZES[task.action]) });
    // A grid (imagine, reroll, variation) offers U1–U4, V1–V4 and a reroll; an upscale offers what a single
    // picture does.
    const buttons =
      task.action !== "UPSCALE"
        ? gridButtons(id)
        : [
            {
              customId: `MJ::JOB::low_variation::1::${id}::SOLO`,
              emoji: "🪄",
              label: "Vary (Subtle)",
              type: 2,
              style: 2,
            },
          ];
    task.buttons = buttons;
    task.finished = true;
    sendJson(ctx, 200, {
      ...base,
      status: "SUCCESS",
      progress: "100%",
      imageUrl: `${ctx.origin}/midjourney/files/${name}`,
      finishTime: Date.now(),
      buttons,
    });
  }
  ctx.seen.completed = true;
}
