// Fake OpenAI Responses API stream: reasoning summaries, web_search_call items, output_text deltas, citations, usage.
import { randomUUID } from "node:crypto";
import { answeredWithFailure, type Ctx, sendJson, startSse, streamPieces, writeSse } from "./common.ts";
import { attachedKinds, fakeAnswer, fakeSources, pieces, systemOfMessages } from "./fake-content.ts";
import { refusedAsShutDown } from "./openai-models.ts";
import { reasoningTokens, refusedSummary, streamReasoningItem } from "./openai-reasoning.ts";

function errorBody(status: number, message: string) {
  const type =
    status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: status === 429 ? "rate_limit_exceeded" : null } };
}

/** The text of the last user input item, whether given as a string or as input_text parts. */
function lastUserInput(input: unknown): string {
  if (typeof input === "string") return input;
  if (!Array.isArray(input)) return "";
  const last = [...input].reverse().find((m) => m?.role === "user") as { content?: unknown } | undefined;
  if (typeof last?.content === "string") return last.content;
  if (!Array.isArray(last?.content)) return "";
  return last.content
    .map((p: { type?: string; text?: string }) => (p.type === "input_text" ? p.text : ""))
    .join(" ");
}

export async function responses(ctx: Ctx): Promise<void> {
  const body = ctx.json ?? {};
  if (body.input === undefined) {
    sendJson(ctx, 400, errorBody(400, "Missing required parameter: 'input'."));
    return;
  }
  if (answeredWithFailure(ctx, errorBody)) return;
  const model = String(body.model ?? "gpt");
  if (refusedAsShutDown(ctx, model)) return;
  if (refusedSummary(ctx, body, (error) => sendJson(ctx, 400, { error }))) return;
  const limit = body.max_output_tokens === undefined ? Infinity : Number(body.max_output_tokens);
  if (limit < 16) {
    sendJson(ctx, 400, {
      error: {
        message: `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${limit} instead.`,
        type: "invalid_request_error",
        param: "max_output_tokens",
        code: "integer_below_min_value",
      },
    });
    return;
  }
  const prompt = lastUserInput(body.input);
  const instructions = typeof body.instructions === "string" ? body.instructions : "";
  const system = [instructions, systemOfMessages(body.input)].filter(Boolean).join("\n");
  const whole = fakeAnswer(ctx.provider, model, prompt, system, attachedKinds(body.input));
  // The output limit cuts the answer (4 characters a token here), after a reasoning model's hidden reasoning
  // has taken its share: the response ends incomplete.
  const thought = reasoningTokens(body);
  const room = Math.max(0, limit - thought) * 4;
  const answer = whole.length > room ? whole.slice(0, room) : whole;
  const searches =
    Array.isArray(body.tools) && body.tools.some((t: { type?: string }) => t.type?.startsWith("web_search"));
  const sources = fakeSources(prompt);
  const id = `resp_${randomUUID().replaceAll("-", "")}`;
  const response = {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    output: [] as unknown[],
    usage: null as unknown,
    status: "in_progress",
  };
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>) =>
    writeSse(ctx, { type, sequence_number: sequence++, ...data }, type);

  startSse(ctx);
  send("response.created", { response });
  send("response.in_progress", { response });
  const output: unknown[] = [];
  /** The usage once `text` is written: the hidden reasoning counted in the output, as OpenAI counts it. */
  const usageOf = (text: string) => {
    const input_tokens = Math.ceil(prompt.length / 4) + 5;
    const output_tokens = thought + Math.ceil(text.length / 4);
    const output_tokens_details = { reasoning_tokens: thought };
    return { input_tokens, output_tokens, output_tokens_details, total_tokens: input_tokens + output_tokens };
  };
  /** The last event, with the response in its final state, and the stream's end. */
  const end = (type: string, final: Record<string, unknown>) => {
    send(type, { response: { ...response, ...final, output } });
    ctx.res.end();
    ctx.seen.completed = true;
  };
  // A reasoning model thinks first; its reasoning item comes before any search and the message.
  const reasoning = await streamReasoningItem(ctx, send, output.length, id, prompt);
  if (ctx.closed()) return;
  if (reasoning) output.push(reasoning);
  if (ctx.behaviour === "content_filter") {
    // OpenAI's filter stopped the answer before it began: the response ends incomplete, with no message.
    end("response.incomplete", {
      status: "incomplete",
      incomplete_details: { reason: "content_filter" },
      usage: usageOf(""),
    });
    return;
  }
  let outputIndex = output.length;
  if (searches) {
    const item = {
      id: `ws_${id}`,
      type: "web_search_call",
      status: "in_progress",
      action: { type: "search", query: prompt.slice(0, 60) },
    };
    send("response.output_item.added", { output_index: outputIndex, item });
    send("response.web_search_call.in_progress", { output_index: outputIndex, item_id: item.id });
    send("response.web_search_call.searching", { output_index: outputIndex, item_id: item.id });
    send("response.web_search_call.completed", { output_index: outputIndex, item_id: item.id });
    const sourcesList = sources.map((s) => ({ type: "url", url: s.url }));
    const done = { ...item, status: "completed", action: { ...item.action, sources: sourcesList } };
    send("response.output_item.done", { output_index: outputIndex, item: done });
    output.push(done);
    outputIndex++;
  }
  const messageId = `msg_${id}`;
  const message = { id: messageId, type: "message", role: "assistant", status: "in_progress", content: [] };
  send("response.output_item.added", { output_index: outputIndex, item: message });
  send("response.content_part.added", {
    output_index: outputIndex,
    item_id: messageId,
    content_index: 0,
    part: { type: "output_text", text: "", annotations: [] },
  });
  const where = { output_index: outputIndex, item_id: messageId, content_index: 0 };
  if (ctx.behaviour === "failed_in_stream") {
    // As OpenAI ends a response it could not finish: what was written, then the failure in the stream.
    for (const piece of pieces(answer).slice(0, 2))
      send("response.output_text.delta", { ...where, delta: piece, logprobs: [] });
    const error = { code: ctx.options.code ?? "server_error", message: "The response failed." };
    end("response.failed", { status: "failed", error });
    return;
  }
  const ok = await streamPieces(
    ctx,
    pieces(answer),
    (piece) => send("response.output_text.delta", { ...where, delta: piece, logprobs: [] }),
    () =>
      ctx.res.write(
        'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"oo\n\n',
      ),
  );
  if (!ok) return;
  const annotations = searches
    ? sources.map((s) => ({ type: "url_citation", url: s.url, title: s.title, start_index: 0, end_index: 4 }))
    : [];
  annotations.forEach((annotation, i) => {
    send("response.output_text.annotation.added", { ...where, annotation_index: i, annotation });
  });
  send("response.output_text.done", { ...where, text: answer, logprobs: [] });
  const part = { type: "output_text", text: answer, annotations, logprobs: [] };
  send("response.content_part.done", { ...where, part });
  const cut = answer !== whole;
  const finished = { ...message, status: cut ? "incomplete" : "completed", content: [part] };
  send("response.output_item.done", { output_index: outputIndex, item: finished });
  output.push(finished);
  const usage = usageOf(answer);
  if (cut)
    end("response.incomplete", {
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
      usage,
    });
  else end("response.completed", { status: "completed", usage });
}
