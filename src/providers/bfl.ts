// Black Forest Labs (FLUX): submit a job, poll its polling_url until Ready, then download the signed image.
import { bytesToBase64 } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint, sleep } from "./guard";
import { downloadImage, fetchJson, imageDeadline } from "./http";
import { lastUserImage, lastUserPrompt } from "./parts";

interface Submitted {
  id?: string;
  polling_url?: string;
}

interface JobResult {
  status?: string;
  result?: { sample?: string } | null;
}

const MODERATED = new Set(["Request Moderated", "Content Moderated"]);
const WAITING = new Set(["Pending", "Queued", "Processing", "Task not found"]);

/** BFL's endpoint for a model: names like "black-forest-labs/FLUX.1-schnell" (other hosts' ids) lose the owner. */
export function endpointName(providerModel: string): string {
  return encodeURIComponent(providerModel.replace(/^black-forest-labs\//, ""));
}

export const bflAdapter = defineAdapter("image", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "black-forest-labs");
  const { prompt } = lastUserPrompt(req);
  if (!prompt) throw new ProviderFailure("unable_to_process", "an image needs a prompt");
  const input = req.model.inputs.includes("image") ? lastUserImage(req) : undefined;
  const headers = { "x-key": apiKey, "content-type": "application/json", accept: "application/json" };

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    const submitted = await fetchJson<Submitted>(
      `${baseUrl}/v1/${endpointName(req.model.providerModel)}`,
      {
        method: "POST",
        headers,
        body: JSON.stringify({
          prompt,
          output_format: "png",
          ...(input ? { input_image: bytesToBase64(input.data) } : {}),
        }),
        signal: job.signal,
      },
      "bfl submit",
    );
    if (!submitted.id) throw new ProviderFailure("unable_to_process", "bfl answered no job id");
    // The polling URL may point at a regional host; get_result is the documented fallback.
    const pollUrl =
      submitted.polling_url ?? `${baseUrl}/v1/get_result?id=${encodeURIComponent(submitted.id)}`;

    for (;;) {
      await sleep(config.imagePollIntervalMs, job.signal);
      const result = await fetchJson<JobResult>(pollUrl, { headers, signal: job.signal }, "bfl poll");
      const status = result.status ?? "";
      if (status === "Ready") {
        const sample = result.result?.sample;
        if (!sample) throw new ProviderFailure("unable_to_process", "bfl job is ready without an image");
        yield { type: "image", ...(await downloadImage(sample, job.signal, "bfl download")) };
        return;
      }
      if (MODERATED.has(status)) throw new ProviderFailure("unable_to_process", `bfl: ${status}`);
      if (!WAITING.has(status))
        throw new ProviderFailure("image_error", `bfl job ended with status ${status || "(none)"}`);
    }
  } catch (err) {
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
