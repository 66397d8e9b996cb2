// Image generation (and edits of an attached image) through the openai SDK's images API.
import { base64ToBytes, sniffImageType, toBlob } from "./bytes";
import { ProviderFailure } from "./errors";
import { defineAdapter, requireEndpoint } from "./guard";
import { downloadImage, imageDeadline } from "./http";
import { isOpenAICompatible, openAIClient } from "./openai-chat";
import { lastUserImage, lastUserPrompt } from "./parts";

export const openAIImagesAdapter = defineAdapter("image", async function* (req, config) {
  const provider = req.model.provider;
  if (!isOpenAICompatible(provider))
    throw new ProviderFailure("unable_to_process", `${provider} has no images API`);
  const client = openAIClient(requireEndpoint(config, provider));
  const { prompt } = lastUserPrompt(req);
  if (!prompt) throw new ProviderFailure("unable_to_process", "an image needs a prompt");
  const model = req.model.providerModel;
  // GPT Image models always answer base64 and refuse response_format; DALL·E and compatible APIs need it.
  const format = /^(gpt-image|chatgpt-image)/.test(model) ? {} : { response_format: "b64_json" as const };
  const input = req.model.inputs.includes("image") ? lastUserImage(req) : undefined;

  const job = imageDeadline(req.signal, config.imageTimeoutMs);
  try {
    const response = input
      ? await client.images.edit(
          {
            model,
            prompt,
            image: new File([toBlob(input.data)], input.name, { type: input.type }),
            ...format,
          },
          { signal: job.signal },
        )
      : await client.images.generate({ model, prompt, n: 1, ...format }, { signal: job.signal });
    const first = response.data?.[0];
    let image: { data: Uint8Array; mimeType: string };
    if (first?.b64_json) {
      const data = base64ToBytes(first.b64_json);
      const mimeType = sniffImageType(data);
      if (!mimeType)
        throw new ProviderFailure(
          "unable_to_process",
          "the images API answered something else than an image",
        );
      image = { data, mimeType };
    } else if (first?.url) {
      image = await downloadImage(first.url, job.signal, `${provider} image download`);
    } else {
      throw new ProviderFailure("unable_to_process", "the images API answered no image");
    }
    yield { type: "image", ...image };
    if (response.usage) {
      yield {
        type: "usage",
        inputTokens: response.usage.input_tokens,
        outputTokens: response.usage.output_tokens,
      };
    }
  } catch (err) {
    job.rethrow(err);
  } finally {
    job.dispose();
  }
});
