// POST /api/v1/images/generations: one image model's picture(s) for a prompt, in OpenAI's images shape.

import type { ModelEntry } from "../domain/models";
import type { ImagesResponse } from "../domain/openai-wire";
import type { Env } from "../env";
import { AppError } from "../errors";
import { providerConfigFromEnv, streamModel } from "../providers";
import { failureError } from "./failures";

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Generates and answers the pictures inline: `b64_json` by default, or for `response_format: "url"` a
 * `data:` URL (nothing is stored, so there is no address to expire).
 */
export async function generateImages(
  env: Env,
  input: { model: ModelEntry; prompt: string; responseFormat: "b64_json" | "url" },
  signal?: AbortSignal,
): Promise<ImagesResponse> {
  const { model } = input;
  const abort = new AbortController();
  signal?.addEventListener("abort", () => abort.abort());
  const data: ImagesResponse["data"] = [];
  const events = streamModel(
    { model, messages: [{ role: "user", content: input.prompt }], signal: abort.signal },
    providerConfigFromEnv(env),
  );
  for await (const event of events) {
    if (event.type === "error") throw failureError(event, model);
    if (event.type !== "image") continue;
    const b64 = toBase64(event.data);
    data.push(
      input.responseFormat === "url" ? { url: `data:${event.mimeType};base64,${b64}` } : { b64_json: b64 },
    );
  }
  if (data.length === 0) throw new AppError(502, "image_error", "The model answered without an image.");
  return { created: Math.floor(Date.now() / 1000), data };
}
