// Midjourney through a relay speaking the midjourney-proxy API: imagine or a button action, poll, download.
import { isGridChoice } from "../domain/chat/midjourney";
import { dataUrl } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint, sleep } from "./guard";
import { downloadImage, fetchJson, imageDeadline } from "./http";
import { lastUserImage, lastUserPrompt } from "./parts";
import type { ImageChoice } from "./types";

interface Submitted {
  code?: number;
  description?: string;
  result?: string | number;
  /** On an action's code 21 (Remix mode): the grid's final prompt, as Midjourney ran it. */
  properties?: { finalPrompt?: string | null };
}

interface Task {
  /** NOT_START, SUBMITTED, MODAL (waiting for its prompt box), IN_PROGRESS, SUCCESS, FAILURE, CANCEL. */
  status?: string;
  imageUrl?: string;
  failReason?: string;
  buttons?: Array<{ customId?: string; label?: string }>;
}

/** Relay submit codes: 1 accepted, 21 already exists, 22 queued; 23 queue full; 24 banned prompt. */
function submittedTaskId(answer: Submitted): string {
  if ((answer.code === 1 || answer.code === 21 || answer.code === 22) && answer.result != null) {
    return String(answer.result);
  }
  const detail = `midjourney relay refused (${answer.code}): ${answer.description ?? ""}`;
  if (answer.code === 23) throw new ProviderFailure("fair_usage_limit", detail);
  if (answer.code === 24) throw new ProviderFailure("unable_to_process", detail);
  throw new ProviderFailure("image_error", detail);
}

/**
 * Remix mode (the relay's Discord account has it on): a variation, a reroll or a pan opens Discord's prompt
 * box, and the relay holds its task as MODAL, answering the press with code 21, until the box is sent. We send
 * it as Midjourney fills it in, with the grid's own final prompt: the relay's answer names it, and an empty
 * prompt is the relay's own word for it. Our request has no better one: the press's question is "Vary V2".
 * Answers the task to poll.
 */
async function confirmModal(
  baseUrl: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
  taskId: string,
  prompt: string,
): Promise<string> {
  const answer = await fetchJson<Submitted>(
    `${baseUrl}/mj/submit/modal`,
    { method: "POST", ...init, body: JSON.stringify({ taskId, prompt }) },
    "midjourney modal",
  );
  return submittedTaskId(answer);
}

/**
 * The buttons the chat offers under a picture: a grid's U1–U4 and V1–V4 (an imagine, a variation or a reroll
 * is a grid). An upscale's own buttons (Vary (Subtle), Zoom Out…) are none of these: it offers nothing.
 */
function gridChoices(taskId: string, task: Task): ImageChoice[] {
  return (task.buttons ?? []).flatMap((b) =>
    isGridChoice(b.label) && b.customId ? [{ label: b.label, taskId, customId: b.customId }] : [],
  );
}

/** The catalogue names the Midjourney version (v7, niji-6); Midjourney reads it from the prompt's flags. */
export function withVersion(prompt: string, providerModel: string): string {
  if (/--(v|version|niji)\b/.test(prompt)) return prompt;
  const version = /^v(\d+(?:\.\d+)?)$/i.exec(providerModel);
  if (version) return `${prompt} --v ${version[1]}`;
  const niji = /^niji-?(\d+)$/i.exec(providerModel);
  return niji ? `${prompt} --niji ${niji[1]}` : prompt;
}

export const midjourneyAdapter = defineAdapter("image", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "midjourney");
  // midjourney-proxy reads mj-api-secret; hosted relays built on it read a bearer token.
  const headers = {
    "mj-api-secret": apiKey,
    authorization: `Bearer ${apiKey}`,
    "content-type": "application/json",
  };
  const action = req.options?.midjourneyAction;
  const { prompt } = lastUserPrompt(req);
  if (!action && !prompt) throw new ProviderFailure("unable_to_process", "an image needs a prompt");
  const input = lastUserImage(req);

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    const [path, body] = action
      ? ["/mj/submit/action", { taskId: action.taskId, customId: action.customId }]
      : [
          "/mj/submit/imagine",
          {
            prompt: withVersion(prompt, req.model.providerModel),
            ...(input ? { base64Array: [dataUrl(input.type, input.data)] } : {}),
          },
        ];
    const submitted = await fetchJson<Submitted>(
      `${baseUrl}${path}`,
      { method: "POST", headers, body: JSON.stringify(body), signal: job.signal },
      "midjourney submit",
    );
    let taskId = submittedTaskId(submitted);
    // An action's prompt box is sent once: the relay may still show the task as MODAL until its queue runs it.
    // (An imagine's code 21 is a task that already exists: it is only polled.)
    let promptBox = action ? (submitted.properties?.finalPrompt ?? "") : undefined;

    for (;;) {
      await sleep(config.imagePollIntervalMs, job.signal);
      const task = await fetchJson<Task>(
        `${baseUrl}/mj/task/${encodeURIComponent(taskId)}/fetch`,
        { headers, signal: job.signal },
        "midjourney poll",
      );
      if (task.status === "MODAL" && promptBox !== undefined) {
        taskId = await confirmModal(baseUrl, { headers, signal: job.signal }, taskId, promptBox);
        promptBox = undefined;
        continue;
      }
      if (task.status === "SUCCESS") {
        if (!task.imageUrl)
          throw new ProviderFailure("unable_to_process", "midjourney task succeeded without an image");
        const image = await downloadImage(task.imageUrl, job.signal, "midjourney download");
        const choices = gridChoices(taskId, task);
        yield { type: "image", ...image, ...(choices.length ? { choices } : {}) };
        return;
      }
      if (task.status === "FAILURE" || task.status === "CANCEL") {
        const banned = /banned|moderat|forbidden/i.test(task.failReason ?? "");
        throw new ProviderFailure(
          banned ? "unable_to_process" : "image_error",
          `midjourney task ${task.status}: ${task.failReason ?? ""}`,
        );
      }
    }
  } catch (err) {
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
