// Fireworks' FLUX image workflows (FLUX.1 [schnell] FP8): one synchronous POST whose answer is the image itself.
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { fetchOk, imageDeadline, imageFromResponse } from "./http";
import { lastUserPrompt } from "./parts";

/**
 * Fireworks serves FLUX beside its OpenAI-compatible API, under
 * `<base>/workflows/<model>/text_to_image` (model like accounts/fireworks/models/flux-1-schnell-fp8).
 */
export function fireworksImageUrl(baseUrl: string, providerModel: string): string {
  const path = providerModel.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl}/workflows/${path}/text_to_image`;
}

export const fireworksImagesAdapter = defineAdapter("image", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "fireworks");
  const { prompt } = lastUserPrompt(req);
  if (!prompt) throw new ProviderFailure("unable_to_process", "an image needs a prompt");

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    // Accept: image/png makes the answer the PNG itself (application/json would wrap it in base64).
    const res = await fetchOk(
      fireworksImageUrl(baseUrl, req.model.providerModel),
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          accept: "image/png",
        },
        body: JSON.stringify({ prompt, aspect_ratio: "1:1" }),
        signal: job.signal,
      },
      "fireworks image",
    );
    yield { type: "image", ...(await imageFromResponse(res, "fireworks image")) };
  } catch (err) {
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
