// Recraft: text-to-image (raster or SVG) and the image tools (vectorize to SVG, remove background, upscales).
import { base64ToBytes, sniffImageType, toBlob } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { type DownloadedImage, downloadImage, fetchJson, imageDeadline } from "./http";
import { lastUserImage, lastUserPrompt } from "./parts";

/** Image-in, image-out tools, by a fragment of the catalogue's provider-side name. */
const TOOLS: ReadonlyArray<[fragment: string, path: string]> = [
  ["vectorize", "/images/vectorize"],
  ["remove-background", "/images/removeBackground"],
  ["removebackground", "/images/removeBackground"],
  ["crisp", "/images/crispUpscale"],
  ["creative", "/images/creativeUpscale"],
];

export function recraftTool(providerModel: string): string | undefined {
  const name = providerModel.toLowerCase();
  return TOOLS.find(([fragment]) => name.includes(fragment))?.[1];
}

interface RecraftImage {
  b64_json?: string;
  url?: string;
}

async function readImage(image: RecraftImage | undefined, signal: AbortSignal): Promise<DownloadedImage> {
  if (image?.b64_json) {
    const data = base64ToBytes(image.b64_json);
    const mimeType = sniffImageType(data);
    if (!mimeType)
      throw new ProviderFailure("unable_to_process", "recraft answered something else than an image");
    return { data, mimeType };
  }
  if (image?.url) return downloadImage(image.url, signal, "recraft download");
  throw new ProviderFailure("unable_to_process", "recraft answered no image");
}

export const recraftAdapter = defineAdapter("image", async function* (req, config) {
  const { baseUrl, apiKey } = requireEndpoint(config, "recraftai");
  const tool = recraftTool(req.model.providerModel);
  const { prompt } = lastUserPrompt(req);
  const input = lastUserImage(req);
  if (tool && !input) throw new ProviderFailure("unable_to_process", "this model needs an input image");
  if (!tool && !prompt) throw new ProviderFailure("unable_to_process", "an image needs a prompt");
  const authorization = `Bearer ${apiKey}`;

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    let image: RecraftImage | undefined;
    if (tool && input) {
      const form = new FormData();
      form.append("file", toBlob(input.data, input.type), input.name);
      form.append("response_format", "b64_json");
      const answer = await fetchJson<{ image?: RecraftImage }>(
        `${baseUrl}${tool}`,
        { method: "POST", headers: { authorization }, body: form, signal: job.signal },
        "recraft",
      );
      image = answer.image;
    } else {
      const answer = await fetchJson<{ data?: RecraftImage[] }>(
        `${baseUrl}/images/generations`,
        {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({ prompt, model: req.model.providerModel, n: 1, response_format: "b64_json" }),
          signal: job.signal,
        },
        "recraft",
      );
      image = answer.data?.[0];
    }
    yield { type: "image", ...(await readImage(image, job.signal)) };
  } catch (err) {
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
