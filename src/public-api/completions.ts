// POST /api/v1/chat/completions: one provider stream answered in OpenAI's shapes, streamed or whole.

import type { ModelEntry } from "../domain/models";
import {
  chatCompletion,
  completionChunk,
  isEmptyContent,
  type OpenAIContent,
  partsOfContent,
  usageChunk,
  usageOf,
} from "../domain/openai-wire";
import type { Env } from "../env";
import {
  type ProviderEvent,
  type ProviderMessage,
  type ProviderRequestOptions,
  providerConfigFromEnv,
  streamModel,
} from "../providers";
import { failureError } from "./failures";
import { invalidRequest } from "./invalid-request";

export interface OpenAIMessage {
  role: "system" | "developer" | "user" | "assistant";
  content?: OpenAIContent;
}

export interface ChatInput {
  model: ModelEntry;
  /** From conversationOf, checked before the request is counted. */
  conversation: { system?: string; messages: ProviderMessage[] };
  stream: boolean;
  includeUsage: boolean;
  options: ProviderRequestOptions;
}

/** Why an empty message is refused, by role: a system prompt or a turn with nothing in it. */
const EMPTY_PROBLEM: Record<OpenAIMessage["role"], string> = {
  user: "must not be empty: a user message needs some text or a picture",
  system: "must not be empty: a system message needs some text",
  developer: "must not be empty: a developer message needs some text",
  assistant:
    "must not be empty: an assistant message needs some text (tool calls, which may stand for it at OpenAI, are not supported)",
};

/**
 * System and developer messages become the system prompt; the rest the conversation, in order. Every message
 * says something (whatever its role); pictures go only in user messages, and only to a model that takes them
 * (its catalogue `input` list).
 */
export function conversationOf(
  messages: OpenAIMessage[],
  model: Pick<ModelEntry, "key" | "inputs">,
): { system?: string; messages: ProviderMessage[] } {
  const system: string[] = [];
  const conversation: ProviderMessage[] = [];
  messages.forEach((message, i) => {
    const content = `messages.${i}.content`;
    const parts = partsOfContent(message.content);
    if ("problem" in parts) throw invalidRequest(parts.code, `${content}.${parts.path}`, parts.problem);
    if (isEmptyContent(message.content)) {
      throw invalidRequest("empty_content", content, EMPTY_PROBLEM[message.role]);
    }
    const { text, images } = parts;
    if (images.length > 0 && message.role !== "user") {
      throw invalidRequest("unsupported_content", content, "only user messages may carry pictures");
    }
    if (images.length > 0 && !model.inputs.includes("image")) {
      throw invalidRequest("unsupported_content", content, `the model '${model.key}' does not take pictures`);
    }
    if (message.role === "system" || message.role === "developer") system.push(text);
    else
      conversation.push({
        role: message.role,
        content: text,
        ...(images.length ? { attachments: images } : {}),
      });
  });
  if (!conversation.some((m) => m.role === "user")) {
    throw invalidRequest("missing_user_message", "messages", "at least one user message is needed");
  }
  return { system: system.length ? system.join("\n\n") : undefined, messages: conversation };
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
};

/**
 * Runs the answer. A failure before the first token is an HTTP error (status, OpenAI's error body); once
 * streaming, a failure is a last `data: {"error": …}` event, as OpenAI sends it. A client that goes away
 * cancels the upstream request.
 */
export async function completeChat(env: Env, input: ChatInput, signal?: AbortSignal): Promise<Response> {
  const { model } = input;
  const abort = new AbortController();
  signal?.addEventListener("abort", () => abort.abort());
  const { system, messages } = input.conversation;
  const events = streamModel(
    { model, system, messages, signal: abort.signal, options: input.options },
    providerConfigFromEnv(env),
  )[Symbol.asyncIterator]();
  const base = {
    id: `chatcmpl-${crypto.randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model: model.key,
  };
  const prompt = [system ?? "", ...messages.map((m) => m.content)].join("\n");
  let content = "";
  let reasoning = "";
  let reported: { inputTokens: number; outputTokens: number } | null = null;
  // "length" when the provider stopped at the output limit (max_tokens), as OpenAI says it.
  let finish: "stop" | "length" = "stop";

  /** The next event that says something (usage is kept aside), or null at the end. */
  async function next(): Promise<ProviderEvent | null> {
    for (;;) {
      const step = await events.next();
      if (step.done) return null;
      const event = step.value;
      if (event.type === "usage")
        reported = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      else if (event.type === "truncated") finish = "length";
      else if (event.type === "text" || event.type === "reasoning" || event.type === "error") return event;
    }
  }
  const usage = () => usageOf(reported, { prompt, answer: reasoning + content });

  if (!input.stream) {
    for (let event = await next(); event; event = await next()) {
      if (event.type === "error") throw failureError(event, model);
      if (event.type === "text") content += event.delta;
      if (event.type === "reasoning") reasoning += event.delta;
    }
    return Response.json(chatCompletion(base, { content, reasoning, usage: usage(), finish }));
  }

  const first = await next();
  if (first?.type === "error") throw failureError(first, model);
  const encoder = new TextEncoder();
  const data = (payload: unknown) => encoder.encode(`data: ${JSON.stringify(payload)}\n\n`);
  let pending: ProviderEvent | null | undefined = first;
  let finished = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data(completionChunk(base, { role: "assistant", content: "" })));
    },
    async pull(controller) {
      if (finished) return;
      const event = pending === undefined ? await next() : pending;
      pending = undefined;
      if (event?.type === "text") {
        content += event.delta;
        controller.enqueue(data(completionChunk(base, { content: event.delta })));
        return;
      }
      if (event?.type === "reasoning") {
        reasoning += event.delta;
        controller.enqueue(data(completionChunk(base, { reasoning_content: event.delta })));
        return;
      }
      finished = true;
      if (event?.type === "error") {
        const { message, code } = failureError(event, model);
        controller.enqueue(data({ error: { message, type: "api_error", param: null, code } }));
      } else {
        controller.enqueue(data(completionChunk(base, {}, finish)));
        if (input.includeUsage) controller.enqueue(data(usageChunk(base, usage())));
      }
      controller.enqueue(encoder.encode("data: [DONE]\n\n"));
      controller.close();
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}
