// Fake OpenAI-compatible API: chat completions (SSE with provider flavours) and the images API.
import { randomUUID } from "node:crypto";
import {
  answeredWithFailure,
  type Ctx,
  imagePreflight,
  sendJson,
  startSse,
  streamPieces,
  untilClosed,
  writeSse,
} from "./common.ts";
import { embeddings } from "./embeddings.ts";
import {
  attachedKinds,
  fakeAnswer,
  fakePng,
  fakeReasoning,
  fakeSources,
  lastUserText,
  pieces,
  systemOfMessages,
} from "./fake-content.ts";
import { refusedAsShutDown } from "./openai-models.ts";
import { UNVERIFIED_OPENAI_KEY } from "./openai-reasoning.ts";
import { responses } from "./openai-responses.ts";

/** Providers that put usage in their last chunk unasked (and may refuse stream_options). */
const USAGE_IN_LAST_CHUNK = new Set(["mistral", "perplexity", "openperplex"]);
const REASONING_MODEL = /(^o\d|reason|think|r1|magistral|qwq|grok-3-mini|gpt-oss|grok-4)/i;

function errorBody(status: number, message: string) {
  const type =
    status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: status === 429 ? "rate_limit_exceeded" : null } };
}

function authorised(ctx: Ctx, key: string): boolean {
  if (ctx.req.headers.authorization === `Bearer ${key}`) return true;
  // A second OpenAI organisation, one OpenAI has not verified (refused reasoning summaries).
  if (ctx.provider === "openai" && ctx.req.headers.authorization === `Bearer ${UNVERIFIED_OPENAI_KEY}`)
    return true;
  sendJson(ctx, 401, {
    error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
  });
  return false;
}

/** How each provider carries reasoning in a Chat Completions stream (OpenAI gives none there: its reasoning models answer through the Responses API, openai-responses.ts). */
function reasoningStyle(
  provider: string,
): "none" | "reasoning_content" | "reasoning" | "think_tags" | "thinking_parts" {
  if (provider === "openai") return "none";
  if (provider === "groq") return "reasoning";
  if (provider === "perplexity") return "think_tags";
  if (provider === "mistral") return "thinking_parts";
  return "reasoning_content";
}

async function chatCompletions(ctx: Ctx): Promise<void> {
  const body = ctx.json ?? {};
  const model = String(body.model ?? "unknown-model");
  const prompt = lastUserText(body.messages);
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    sendJson(ctx, 400, errorBody(400, "'messages' must be a non-empty array"));
    return;
  }
  if (answeredWithFailure(ctx, errorBody)) return;
  if (refusedAsShutDown(ctx, model)) return;

  const whole = fakeAnswer(
    ctx.provider,
    model,
    prompt,
    systemOfMessages(body.messages),
    attachedKinds(body.messages),
  );
  // The output limit cuts the answer (4 characters a token here) and says so with finish_reason "length".
  const limit = Number(body.max_completion_tokens ?? body.max_tokens) || Infinity;
  const answer = whole.length > limit * 4 ? whole.slice(0, limit * 4) : whole;
  const finish = answer === whole ? "stop" : "length";
  const thinks = body.reasoning_effort !== undefined || REASONING_MODEL.test(model);
  const style = thinks ? reasoningStyle(ctx.provider) : "none";
  const sources = fakeSources(prompt);
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = {
    prompt_tokens: Math.ceil(prompt.length / 4) + 5,
    completion_tokens: Math.ceil(answer.length / 4),
    total_tokens: 0,
  };
  usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;

  if (body.stream !== true) {
    sendJson(ctx, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: answer, refusal: null },
          finish_reason: finish,
          logprobs: null,
        },
      ],
      usage,
    });
    ctx.seen.completed = true;
    return;
  }

  const chunk = (
    delta: Record<string, unknown>,
    finish: string | null = null,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(ctx.provider === "perplexity"
      ? { citations: sources.map((s) => s.url), search_results: sources }
      : {}),
    ...extra,
  });

  startSse(ctx);
  writeSse(ctx, chunk({ role: "assistant", content: "" }));
  const reasoning = style === "none" ? [] : pieces(fakeReasoning(prompt));
  const all = [
    ...reasoning.map((r) => ({ kind: "reasoning", text: r })),
    ...pieces(answer).map((t) => ({ kind: "text", text: t })),
  ];
  const ok = await streamPieces(
    ctx,
    all.map((p) => p.text),
    (_text, i) => {
      const piece = all[i];
      if (!piece) return;
      if (style === "think_tags") {
        // Sonar-style <think> tags in content, split across chunks the way real streams split them.
        const open = i === 0 ? "<thi" : "";
        const close = i === reasoning.length - 1 ? "</th" : "";
        const reopened = i === 0 ? "nk>" : i === reasoning.length ? "ink>\n\n" : "";
        if (open) writeSse(ctx, chunk({ content: open }));
        writeSse(ctx, chunk({ content: `${reopened}${piece.text}${close}` }));
      } else if (piece.kind === "text") writeSse(ctx, chunk({ content: piece.text }));
      else if (style === "reasoning_content")
        writeSse(ctx, chunk({ content: null, reasoning_content: piece.text }));
      else if (style === "reasoning") writeSse(ctx, chunk({ content: null, reasoning: piece.text }));
      else {
        const thinking = [{ type: "text", text: piece.text }];
        writeSse(ctx, chunk({ content: [{ type: "thinking", thinking }] }));
      }
    },
    () => ctx.res.write('data: {"id":"broken","choices":[{"delta":{"content":"oops\n\n'),
  );
  if (!ok) return;

  const groq = ctx.provider === "groq" ? { x_groq: { id: `req_${id}`, usage } } : {};
  const xaiCitations =
    ctx.provider === "xai" && body.search_parameters ? { citations: sources.map((s) => s.url) } : {};
  writeSse(
    ctx,
    chunk({}, finish, {
      ...groq,
      ...xaiCitations,
      ...(USAGE_IN_LAST_CHUNK.has(ctx.provider) ? { usage } : {}),
    }),
  );
  const includeUsage =
    (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (includeUsage) {
    writeSse(ctx, {
      id,
      object: "chat.completion.chunk",
      created,
      model,
      system_fingerprint: null,
      choices: [],
      usage,
    });
  }
  writeSse(ctx, "[DONE]");
  ctx.res.end();
  ctx.seen.completed = true;
}

async function images(ctx: Ctx): Promise<void> {
  const fields =
    ctx.json ?? Object.fromEntries([...(ctx.form?.entries() ?? [])].filter(([, v]) => typeof v === "string"));
  const prompt = typeof fields.prompt === "string" ? fields.prompt : "";
  if (!prompt) {
    sendJson(ctx, 400, errorBody(400, "'prompt' is required"));
    return;
  }
  const model = String(fields.model ?? "dall-e-3");
  if (refusedAsShutDown(ctx, model)) return;
  if (await imagePreflight(ctx, errorBody)) return;
  if (ctx.behaviour === "slow" || ctx.behaviour === "hang") return untilClosed(ctx);
  if (ctx.behaviour === "malformed") {
    ctx.res.writeHead(200, { "content-type": "application/json" });
    ctx.res.end('{"created": 1, "data": [');
    return;
  }
  const png = fakePng(prompt);
  let item: Record<string, unknown>;
  if (fields.response_format === "url") {
    const name = `${randomUUID()}.png`;
    ctx.files.set(name, { type: "image/png", data: png });
    item = { url: `${ctx.origin}/${ctx.provider}/files/${name}`, revised_prompt: prompt };
  } else {
    item = { b64_json: Buffer.from(png).toString("base64"), revised_prompt: prompt };
  }
  const usage = model.startsWith("gpt-image")
    ? { usage: { input_tokens: 12, output_tokens: 272, total_tokens: 284 } }
    : {};
  sendJson(ctx, 200, {
    created: Math.floor(Date.now() / 1000),
    data: [item],
    ...(model.startsWith("gpt-image") ? { output_format: "png" } : {}),
    ...usage,
  });
  ctx.seen.completed = true;
}

export async function handleOpenAICompatible(ctx: Ctx, key: string): Promise<void> {
  if (!authorised(ctx, key)) return;
  if (ctx.req.method === "POST" && ctx.path.endsWith("/chat/completions")) return chatCompletions(ctx);
  if (ctx.req.method === "POST" && ctx.path.endsWith("/responses")) return responses(ctx);
  if (ctx.req.method === "POST" && ctx.path.endsWith("/embeddings")) {
    // A scripted 429 or 500 fails an embeddings request as it fails an answer.
    if (answeredWithFailure(ctx, errorBody)) return;
    return embeddings(ctx);
  }
  if (
    ctx.req.method === "POST" &&
    (ctx.path.endsWith("/images/generations") || ctx.path.endsWith("/images/edits"))
  ) {
    return images(ctx);
  }
  sendJson(ctx, 404, errorBody(404, `Unknown request URL: ${ctx.req.method} ${ctx.path}`));
}
