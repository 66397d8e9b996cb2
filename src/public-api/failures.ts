// A provider stream's failure as the public API's error: an HTTP status, our code, a sentence for people.
import type { ModelEntry } from "../domain/models";
import { AppError } from "../errors";
import { type ProviderEvent, providerLabel } from "../providers";

type ErrorEvent = Extract<ProviderEvent, { type: "error" }>;

const SENTENCES: Record<ErrorEvent["code"], (provider: string) => string> = {
  provider_unavailable: (p) =>
    `Model temporarily unavailable, probably an issue with ${p}: retry in 10 minutes or use another model.`,
  fair_usage_limit: () => "You have temporarily reached your fair usage limit.",
  image_timeout: () => "Image taking too long: try again later.",
  image_error: () =>
    "Image creation error: model temporarily unavailable; try again 10 minutes later or with another model.",
  unable_to_process: () => "Unable to process your message: try again, or use another model later.",
  // API requests carry no documents; the app's document endings are here for completeness.
  document_pipeline_error: () => "Error in the document pipeline: contact support.",
  document_too_complex: () =>
    "A document is too complex and too large to load: send something simpler or shorter.",
  document_unprocessable: () => "One of the documents could not be processed: retry in 10 minutes.",
};

export const failureMessage = (event: ErrorEvent, model: ModelEntry): string =>
  SENTENCES[event.code](providerLabel(event.provider ?? model.provider));

/** Logs it, and answers 502 for an upstream failure (429 when the upstream asked us to slow down), Retry-After when it said. */
export function failureError(event: ErrorEvent, model: ModelEntry): AppError {
  // For operators: what the upstream said (never the caller's key, which never reaches here).
  console.warn(`/api/v1 ${model.key}: ${event.code}`, event.detail ?? "");
  const status = event.code === "fair_usage_limit" ? 429 : 502;
  const headers: Record<string, string> = {};
  if (event.retryAfter !== undefined) headers["Retry-After"] = String(Math.ceil(event.retryAfter));
  return new AppError(status, event.code, failureMessage(event, model), { headers });
}
