// Fake OpenAI Responses API stream: web_search_call items, output_text deltas, url_citation annotations, usage.
import { randomUUID } from "node:crypto";
import { answeredWithFailure, type Ctx, sendJson, startSse, streamPieces, writeSse } from "./common.ts";
import { attachedKinds, fakeAnswer, fakeSources, pieces, systemOfMessages } from "./fake-content.ts";
import { refusedAsShutDown } from "./openai-models.ts";

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
  const prompt = lastUserInput(body.input);
  const instructions = typeof body.instructions === "string" ? body.instructions : "";
  const system = [instructions, systemOfMessages(body.input)].filter(Boolean).join("\n");
  const answer = fakeAnswer(ctx.provider, model, prompt, system, attachedKinds(body.input));
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
  let outputIndex = 0;
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
    send("response.output_item.done", {
      output_index: outputIndex,
      item: { ...item, status: "completed", action: { ...item.action, sources: sourcesList } },
    });
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
  if (searches) {
    sources.forEach((s, i) => {
      const annotation = { type: "url_citation", url: s.url, title: s.title, start_index: 0, end_index: 4 };
      send("response.output_text.annotation.added", { ...where, annotation_index: i, annotation });
    });
  }
  send("response.output_text.done", { ...where, text: answer, logprobs: [] });
  const usage = {
    input_tokens: Math.ceil(prompt.length / 4) + 5,
    output_tokens: Math.ceil(answer.length / 4),
    total_tokens: 0,
  };
  usage.total_tokens = usage.input_tokens + usage.output_tokens;
  send("response.completed", { response: { ...response, status: "completed", usage } });
  ctx.res.end();
  ctx.seen.completed = true;
}
