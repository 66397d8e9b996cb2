// Stability AI's v2beta Stable Image API: generate (SD3.5, Core, Ultra), upscale and remove background.
import { base64ToBytes, sniffImageType, toBlob } from "./bytes";
import { HttpStatusError, ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { fetchJson, imageDeadline } from "./http";
import { lastUserImage, lastUserPrompt } from "./parts";

interface Operation {
  path: string;
  /** Needs an input image (upscale, remove background) rather than taking one optionally. */
  needsImage: boolean;
  /** Sends the catalogue's model name as the `model` field (the sd3 endpoint serves several models). */
  sendsModel: boolean;
  needsPrompt: boolean;
}

/** The endpoint for a catalogue model, from its provider-side name. */
export function stabilityOperation(providerModel: string): Operation {
  const name = providerModel.toLowerCase();
  const op = (path: string, needsImage: boolean, sendsModel: boolean, needsPrompt: boolean): Operation => ({
    path: `/v2beta/stable-image/${path}`,
    needsImage,
    sendsModel,
    needsPrompt,
  });
  if (name.includes("remove-background") || name.includes("remove_background")) {
    return op("edit/remove-background", true, false, false);
  }
  if (name.includes("upscale")) {
    return name.includes("conservative")
      ? op("upscale/conservative", true, false, true)
      : op("upscale/fast", true, false, false);
  }
  if (name.includes("ultra")) return op("generate/ultra", false, false, true);
  if (name.includes("core")) return op("generate/core", false, false, true);
  return op("generate/sd3", false, true, true);
}

interface StabilityAnswer {
  image?: string;
  finish_reason?: string;
}

export const stabilityAdapter = defineAdapter("image", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "stabilityai");
  const operation = stabilityOperation(req.model.providerModel);
  const { prompt } = lastUserPrompt(req);
  const input = lastUserImage(req);
  if (operation.needsImage && !input)
    throw new ProviderFailure("unable_to_process", "this model needs an input image");
  if (operation.needsPrompt && !prompt)
    throw new ProviderFailure("unable_to_process", "an image needs a prompt");

  const form = new FormData();
  if (operation.needsPrompt || prompt) form.append("prompt", prompt);
  form.append("output_format", "png");
  if (operation.sendsModel) form.append("model", req.model.providerModel);
  if (input && (operation.needsImage || req.model.inputs.includes("image"))) {
    form.append("image", toBlob(input.data, input.type), input.name);
    if (!operation.needsImage) {
      form.append("mode", "image-to-image");
      form.append("strength", "0.7");
    }
  }

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    const answer = await fetchJson<StabilityAnswer>(
      `${baseUrl}${operation.path}`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, accept: "application/json" },
        body: form,
        signal: job.signal,
      },
      "stability",
    );
    if (answer.finish_reason === "CONTENT_FILTERED")
      throw new ProviderFailure("unable_to_process", "content filtered");
    if (!answer.image) throw new ProviderFailure("unable_to_process", "stability answered no image");
    const data = base64ToBytes(answer.image);
    const mimeType = sniffImageType(data);
    if (!mimeType)
      throw new ProviderFailure("unable_to_process", "stability answered something else than an image");
    yield { type: "image", data, mimeType };
  } catch (err) {
    // Stability answers 403 when its content moderation flags the prompt or the image.
    if (err instanceof HttpStatusError && err.status === 403) {
      throw new ProviderFailure("unable_to_process", `stability refused: ${err.message}`);
    }
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
