// Fake Anthropic Messages API: named SSE events with thinking, web search and text blocks, usage, errors.
import { randomUUID } from "node:crypto";
import { answeredWithFailure, type Ctx, sendJson, startSse, streamPieces, writeSse } from "./common.ts";
import {
  attachedKinds,
  fakeAnswer,
  fakeReasoning,
  fakeSources,
  lastUserText,
  pieces,
  textOf,
} from "./fake-content.ts";

function errorBody(status: number, message: string) {
  const type =
    status === 429
      ? "rate_limit_error"
      : status === 529
        ? "overloaded_error"
        : status >= 500
          ? "api_error"
          : "invalid_request_error";
  return { type: "error", error: { type, message }, request_id: `req_${randomUUID()}` };
}

// Model families as Anthropic's docs describe them (kept apart from src/domain so a test of the adapter checks
// it against the API's rules, not against its own table). Retired ids answer 404 like the real API; the 5.x
// models take only adaptive thinking, and Opus 5.5 and Sonnet 5.5 cannot switch it off with "disabled".
const RETIRED = /^claude-(3-|opus-4-1|opus-4-2025|sonnet-4-2025)/;
const ADAPTIVE_ONLY = /^claude-(opus|sonnet|haiku|fable|mythos)-5/;
const ALWAYS_THINKS = /^claude-(opus-5-5|sonnet-5-5|fable-5)/;
const TAKES_BETWEEN_TOOLS = /^claude-sonnet-5-5/;

type Thinking = { type?: string; budget_tokens?: unknown; display?: string } | undefined;

/** Why the real API would refuse this thinking request with a 400, or null when it takes it. */
export function thinkingRefusal(model: string, thinking: Thinking, maxTokens: number): string | null {
  const type = thinking?.type;
  const instead = `Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.`;
  if (ADAPTIVE_ONLY.test(model)) {
    if (type === "enabled") return `"thinking.type.enabled" is not supported for this model. ${instead}`;
    if (type === "disabled" && ALWAYS_THINKS.test(model)) {
      return TAKES_BETWEEN_TOOLS.test(model)
        ? `"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" to turn off up-front thinking.`
        : `"thinking.type.disabled" is not supported for this model. ${instead}`;
    }
    if (type === "between_tools" && !TAKES_BETWEEN_TOOLS.test(model)) {
      return `"thinking.type.between_tools" is not supported for this model.`;
    }
    return null;
  }
  if (type === "adaptive" || type === "between_tools") {
    return `"thinking.type.${type}" is not supported on this model; use "thinking.type.enabled" with budget_tokens.`;
  }
  if (type === "enabled") {
    const budget = thinking?.budget_tokens;
    if (typeof budget !== "number" || budget < 1024) return "thinking.budget_tokens: must be at least 1024";
    if (budget >= maxTokens) return "max_tokens must be greater than thinking.budget_tokens";
  }
  return null;
}

/** Whether the answer opens with a thinking block, and whether that block carries text (display). */
function thinkingShape(model: string, thinking: Thinking): { thinks: boolean; shown: boolean } {
  const type = thinking?.type;
  if (type === "enabled") return { thinks: true, shown: thinking?.display !== "omitted" };
  // Left out, thinking is adaptive on the 5.x models; there display defaults to "omitted" (empty blocks).
  const adaptive = type === "adaptive" || (type === undefined && ADAPTIVE_ONLY.test(model));
  return { thinks: adaptive, shown: adaptive && thinking?.display === "summarized" };
}

export async function handleAnthropic(ctx: Ctx, key: string): Promise<void> {
  // Older SDKs send x-api-key, newer ones a bearer token; the API takes both.
  if (ctx.req.headers["x-api-key"] !== key && ctx.req.headers.authorization !== `Bearer ${key}`) {
    sendJson(ctx, 401, {
      type: "error",
      error: { type: "authentication_error", message: "invalid x-api-key" },
    });
    return;
  }
  if (ctx.req.method !== "POST" || !ctx.path.endsWith("/v1/messages")) {
    sendJson(ctx, 404, {
      type: "error",
      error: { type: "not_found_error", message: `Not found: ${ctx.path}` },
    });
    return;
  }
  const body = ctx.json ?? {};
  if (!ctx.req.headers["anthropic-version"]) {
    sendJson(ctx, 400, errorBody(400, "anthropic-version: header is required"));
    return;
  }
  if (typeof body.max_tokens !== "number" || !Array.isArray(body.messages) || body.messages.length === 0) {
    sendJson(ctx, 400, errorBody(400, "max_tokens and a non-empty messages array are required"));
    return;
  }
  const model = String(body.model ?? "claude");
  if (RETIRED.test(model)) {
    sendJson(ctx, 404, {
      type: "error",
      error: { type: "not_found_error", message: `model: ${model}` },
      request_id: `req_${randomUUID()}`,
    });
    return;
  }
  const refusal = thinkingRefusal(model, body.thinking as Thinking, body.max_tokens);
  if (refusal) {
    sendJson(ctx, 400, errorBody(400, refusal));
    return;
  }
  if (answeredWithFailure(ctx, errorBody)) return;

  const prompt = lastUserText(body.messages);
  const whole = fakeAnswer("anthropic", model, prompt, textOf(body.system), attachedKinds(body.messages));
  // max_tokens cuts the answer (4 characters a token here), and stop_reason says so.
  const answer = whole.slice(0, body.max_tokens * 4);
  const stopReason = answer === whole ? "end_turn" : "max_tokens";
  const { thinks, shown } = thinkingShape(model, body.thinking as Thinking);
  const tools = Array.isArray(body.tools) ? (body.tools as Array<{ type?: string }>) : [];
  const searches = tools.some((t) => t.type?.startsWith("web_search"));
  const inputTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
  const id = `msg_${randomUUID().replaceAll("-", "")}`;

  if (body.stream !== true) {
    sendJson(ctx, 200, {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text: answer, citations: null }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: Math.ceil(answer.length / 4) },
    });
    ctx.seen.completed = true;
    return;
  }

  startSse(ctx, { "request-id": `req_${id}` });
  const usage = {
    input_tokens: inputTokens,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  writeSse(
    ctx,
    {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
    "message_start",
  );
  writeSse(ctx, { type: "ping" }, "ping");

  type Step = { text: string; write: () => void };
  const steps: Step[] = [];
  let index = 0;
  const block = (content_block: unknown) => {
    const i = index;
    steps.push({
      text: "",
      write: () =>
        writeSse(ctx, { type: "content_block_start", index: i, content_block }, "content_block_start"),
    });
    return i;
  };
  const delta = (i: number, d: unknown, text = "") =>
    steps.push({
      text,
      write: () => writeSse(ctx, { type: "content_block_delta", index: i, delta: d }, "content_block_delta"),
    });
  const stop = (i: number) => {
    steps.push({
      text: "",
      write: () => writeSse(ctx, { type: "content_block_stop", index: i }, "content_block_stop"),
    });
    index++;
  };

  if (thinks) {
    const i = block({ type: "thinking", thinking: "", signature: "" });
    if (shown) {
      for (const p of pieces(fakeReasoning(prompt))) delta(i, { type: "thinking_delta", thinking: p }, p);
    }
    delta(i, { type: "signature_delta", signature: "RmFrZVNpZ25hdHVyZQ==" });
    stop(i);
  }
  const sources = fakeSources(prompt);
  if (searches) {
    const toolId = `srvtoolu_${randomUUID().replaceAll("-", "")}`;
    const i = block({ type: "server_tool_use", id: toolId, name: "web_search", input: {} });
    delta(i, { type: "input_json_delta", partial_json: JSON.stringify({ query: prompt.slice(0, 60) }) });
    stop(i);
    const results = sources.map((s) => ({
      type: "web_search_result",
      url: s.url,
      title: s.title,
      encrypted_content: "ZmFrZQ==",
      page_age: null,
    }));
    stop(block({ type: "web_search_tool_result", tool_use_id: toolId, content: results }));
  }
  const t = block({ type: "text", text: "" });
  for (const p of pieces(answer)) delta(t, { type: "text_delta", text: p }, p);
  const [firstSource] = sources;
  if (searches && firstSource) {
    const citation = {
      type: "web_search_result_location",
      url: firstSource.url,
      title: firstSource.title,
      cited_text: "Example",
      encrypted_index: "ZmFrZQ==",
    };
    delta(t, { type: "citations_delta", citation });
  }
  stop(t);

  // Pacing and scripted failures count the steps that carry text.
  const paced = steps.map((s) => s.text || " ");
  const ok = await streamPieces(
    ctx,
    paced,
    (_p, i) => steps[i]?.write(),
    () =>
      ctx.res.write(
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"oo\n\n',
      ),
  );
  if (!ok) return;
  const outputTokens = Math.ceil(answer.length / 4);
  writeSse(
    ctx,
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    },
    "message_delta",
  );
  writeSse(ctx, { type: "message_stop" }, "message_stop");
  ctx.res.end();
  ctx.seen.completed = true;
}
