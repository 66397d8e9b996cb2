// Runs one provider stream for the ChatStream object and hands it normalised events to checkpoint and fan out.
import type { ContextMessage } from "../domain/chat/context";
import type { StreamEvent, StreamOutcome } from "../domain/chat/stream-events";
import { modelByKey } from "../domain/models";
import type { Env } from "../env";
import { withAttachmentBytes } from "../files/model-input";
import { type ProviderRequestOptions, providerConfigFromEnv, streamModel } from "../providers";
import { type DocumentsInput, prepareDocuments } from "./documents";
import { storeGeneratedImage } from "./images";
import { generateTitle } from "./title";

export interface GenerationInput {
  generationId: string;
  chatId: number;
  userId: number;
  /** The model message this generation fills (already in Postgres with done: false). */
  messageId: number;
  /** Catalogue key. */
  model: string;
  system?: string;
  /** Attachments travel as R2 locations; their bytes are read here, just before the provider call. */
  messages: ContextMessage[];
  options?: ProviderRequestOptions;
  /** Set when this generation opens the chat: a light model names it from the first message (runTitle). */
  titleFrom?: string;
  /** Set when the conversation has documents: they are read and searched before the model is asked. */
  documents?: DocumentsInput;
}

export interface GenerationSink {
  delta(type: "text" | "reasoning", delta: string): void;
  event(event: StreamEvent): void;
}

/**
 * Resolves with how the answer's stream ended, as soon as it ends; an abort ends it quietly and the caller
 * calls that "stopped".
 */
export async function runGeneration(
  input: GenerationInput,
  env: Env,
  signal: AbortSignal,
  sink: GenerationSink,
): Promise<StreamOutcome> {
  const model = modelByKey(input.model);
  if (!model) {
    sink.event({ type: "error", code: "unable_to_process" });
    return "error";
  }
  const config = providerConfigFromEnv(env);
  let system = input.system;
  if (input.documents) {
    const prepared = await prepareDocuments({ ...input.documents, userId: input.userId }, env, signal, (p) =>
      sink.event({ type: "documents", ...p }),
    );
    if (!prepared.ok) {
      sink.event({ type: "error", code: prepared.code });
      return "error";
    }
    system = [system, prepared.prompt].filter(Boolean).join("\n\n") || undefined;
  }
  if (signal.aborted) return "done";
  let outcome: StreamOutcome = "done";
  const messages = await withAttachmentBytes(env.FILES, input.userId, input.messages);
  const stream = streamModel({ model, system, messages, signal, options: input.options }, config);
  for await (const event of stream) {
    if (signal.aborted) break;
    switch (event.type) {
      case "text":
      case "reasoning":
        sink.delta(event.type, event.delta);
        break;
      case "search":
        sink.event({ type: "search", status: event.status, sources: event.sources });
        break;
      case "usage":
        sink.event(event);
        break;
      case "image": {
        const image = await storeGeneratedImage(env.FILES, {
          userId: input.userId,
          chatId: input.chatId,
          messageId: input.messageId,
          data: event.data,
          mimeType: event.mimeType,
        });
        sink.event({ type: "image", image: { ...image, choices: event.choices } });
        break;
      }
      case "error":
        sink.event({
          type: "error",
          code: event.code,
          provider: event.provider,
          retryAfter: event.retryAfter,
        });
        outcome = "error";
        break;
    }
  }
  return outcome;
}

/**
 * Names a new chat from its first message, in parallel with the answer and independent of it (the answer's
 * `done` never waits for the title). Null when this generation does not open a chat.
 */
export function runTitle(input: GenerationInput, env: Env): Promise<string | null> | null {
  const model = modelByKey(input.model);
  if (!input.titleFrom || !model) return null;
  return generateTitle(env, providerConfigFromEnv(env), {
    chatId: input.chatId,
    userId: input.userId,
    model,
    text: input.titleFrom,
  });
}
