// A bench upstream speaking OpenAI's SSE, Chat Completions' or the Responses API's (which OpenAI's reasoning
// models, the bench's gpt-5-mini among them, answer through): N tokens at a fixed interval, or as fast as it can.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StreamPlan {
  tokens: number;
  /** Pause between tokens; 0 sends them back to back. */
  intervalMs: number;
  /** Pause before the first token (a model "thinking"), so a reader is attached when it comes. */
  firstDelayMs?: number;
}

const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "bench",
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/** The Responses API's events around a message's text, as OpenAI streams them (no reasoning summary asked). */
function responsesStream(id: string) {
  let seq = 0;
  const event = (type: string, body: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...body })}\n\n`;
  const item = { id: `msg_${id}`, type: "message", role: "assistant" };
  const part = { item_id: item.id, output_index: 0, content_index: 0 };
  const response = (status: string, extra: Record<string, unknown> = {}) => ({
    id: `resp_${id}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model: "bench",
    status,
    output: [],
    ...extra,
  });
  return {
    start: () =>
      event("response.created", { response: response("in_progress") }) +
      event("response.output_item.added", {
        output_index: 0,
        item: { ...item, status: "in_progress", content: [] },
      }) +
      event("response.content_part.added", {
        ...part,
        part: { type: "output_text", text: "", annotations: [] },
      }),
    delta: (text: string) => event("response.output_text.delta", { ...part, delta: text, logprobs: [] }),
    end: (text: string, tokens: number) =>
      event("response.output_text.done", { ...part, text, logprobs: [] }) +
      event("response.output_item.done", {
        output_index: 0,
        item: { ...item, status: "completed", content: [{ type: "output_text", text, annotations: [] }] },
      }) +
      event("response.completed", {
        response: response("completed", {
          usage: { input_tokens: 5, output_tokens: tokens, total_tokens: tokens + 5 },
        }),
      }),
  };
}

export async function startBenchUpstream(initial: StreamPlan) {
  let plan = initial;
  // performance.now() when the latest request's first token was written: the bench runs in this process,
  // so a reader can tell how long the relay took to bring that token to it.
  let firstTokenAt = 0;
  // performance.now() of each request's arrival (the last 1,000): how long a send took to reach the provider.
  const arrivals: number[] = [];
  const server: Server = createServer(async (req, res) => {
    arrivals.push(performance.now());
    if (arrivals.length > 1_000) arrivals.shift();
    for await (const _ of req) {
      // drain the request body
    }
    const id = Math.random().toString(36).slice(2);
    const responses = req.url?.endsWith("/responses") ? responsesStream(id) : null;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.write(responses ? responses.start() : chunk(`chatcmpl-${id}`, { role: "assistant", content: "" }));
    const { tokens, intervalMs, firstDelayMs = 0 } = plan;
    if (firstDelayMs > 0) await new Promise((r) => setTimeout(r, firstDelayMs));
    let text = "";
    for (let i = 0; i < tokens && !res.destroyed; i++) {
      if (intervalMs > 0) await new Promise((r) => setTimeout(r, intervalMs));
      const token = `tok${i} `;
      text += token;
      const ok = res.write(responses ? responses.delta(token) : chunk(`chatcmpl-${id}`, { content: token }));
      if (i === 0) firstTokenAt = performance.now();
      if (!ok) await new Promise((r) => res.once("drain", r));
    }
    if (responses) {
      res.end(responses.end(text, tokens));
      return;
    }
    res.write(chunk(`chatcmpl-${id}`, {}, "stop"));
    res.write(
      `data: ${JSON.stringify({ id: `chatcmpl-${id}`, object: "chat.completion.chunk", created: 0, model: "bench", choices: [], usage: { prompt_tokens: 5, completion_tokens: tokens, total_tokens: tokens + 5 } })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v1`,
    firstTokenAt: () => firstTokenAt,
    /** When the first request at or after `since` (performance.now()) arrived, if one did. */
    firstRequestSince: (since: number) => arrivals.find((t) => t >= since),
    setPlan(next: StreamPlan) {
      plan = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
