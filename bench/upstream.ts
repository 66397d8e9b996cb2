// A bench upstream speaking OpenAI's chat-completions SSE: N tokens at a fixed interval, or as fast as it can.
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
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.write(chunk(id, { role: "assistant", content: "" }));
    const { tokens, intervalMs, firstDelayMs = 0 } = plan;
    if (firstDelayMs > 0) await new Promise((r) => setTimeout(r, firstDelayMs));
    for (let i = 0; i < tokens && !res.destroyed; i++) {
      if (intervalMs > 0) await new Promise((r) => setTimeout(r, intervalMs));
      const ok = res.write(chunk(id, { content: `tok${i} ` }));
      if (i === 0) firstTokenAt = performance.now();
      if (!ok) await new Promise((r) => res.once("drain", r));
    }
    res.write(chunk(id, {}, "stop"));
    res.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "bench", choices: [], usage: { prompt_tokens: 5, completion_tokens: tokens, total_tokens: tokens + 5 } })}\n\n`,
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
