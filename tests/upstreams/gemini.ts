// Fake native Gemini API (streamGenerateContent with alt=sse): thought parts, text, Google Search grounding.
import { answeredWithFailure, type Ctx, sendJson, startSse, streamPieces } from "./common.ts";
import { attachedKinds, fakeAnswer, fakeReasoning, fakeSources, pieces, textOf } from "./fake-content.ts";

function errorBody(status: number, message: string) {
  const code = status === 429 ? "RESOURCE_EXHAUSTED" : status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
  return { error: { code: status, message, status: code } };
}

function lastUserText(contents: unknown): string {
  if (!Array.isArray(contents)) return "";
  const last = [...contents].reverse().find((c) => c?.role === "user") as
    | { parts?: Array<{ text?: string }> }
    | undefined;
  return (last?.parts ?? [])
    .map((p) => p.text ?? "")
    .join(" ")
    .trim();
}

/** Google ends its SSE events with CRLF pairs. */
const write = (ctx: Ctx, data: unknown) => {
  if (!ctx.closed()) ctx.res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
};

export async function handleGeminiNative(ctx: Ctx, key: string): Promise<void> {
  if (ctx.req.headers["x-goog-api-key"] !== key && ctx.url.searchParams.get("key") !== key) {
    sendJson(ctx, 403, { error: { code: 403, message: "API key not valid.", status: "PERMISSION_DENIED" } });
    return;
  }
  const match = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/.exec(ctx.path);
  if (ctx.req.method !== "POST" || !match || ctx.url.searchParams.get("alt") !== "sse") {
    sendJson(ctx, 404, errorBody(404, `not found: ${ctx.path}`));
    return;
  }
  const body = ctx.json ?? {};
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    sendJson(ctx, 400, errorBody(400, "contents is not specified"));
    return;
  }
  if (answeredWithFailure(ctx, errorBody)) return;
  const model = decodeURIComponent(match[1] ?? "gemini");
  const prompt = lastUserText(body.contents);
  const instruction = body.systemInstruction as { parts?: unknown } | undefined;
  const whole = fakeAnswer("google", model, prompt, textOf(instruction?.parts), attachedKinds(body.contents));
  const config = body.generationConfig as
    | { thinkingConfig?: { includeThoughts?: boolean }; maxOutputTokens?: number }
    | undefined;
  // maxOutputTokens cuts the answer (4 characters a token here), and finishReason says so.
  const answer = whole.slice(0, (config?.maxOutputTokens ?? Infinity) * 4);
  const thoughts = config?.thinkingConfig?.includeThoughts ? pieces(fakeReasoning(prompt)) : [];
  const grounded =
    Array.isArray(body.tools) && body.tools.some((t: Record<string, unknown>) => "google_search" in t);
  const all = [
    ...thoughts.map((text) => ({ text, thought: true })),
    ...pieces(answer).map((text) => ({ text })),
  ];

  startSse(ctx);
  const ok = await streamPieces(
    ctx,
    all.map((p) => p.text),
    (_text, i) =>
      write(ctx, {
        candidates: [{ content: { parts: [all[i]], role: "model" }, index: 0 }],
        modelVersion: model,
      }),
    () => ctx.res.write('data: {"candidates": [{"content": \r\n\r\n'),
  );
  if (!ok) return;
  const groundingMetadata = grounded
    ? {
        webSearchQueries: [prompt.slice(0, 60)],
        groundingChunks: fakeSources(prompt).map((s) => ({ web: { uri: s.url, title: s.title } })),
      }
    : undefined;
  write(ctx, {
    candidates: [
      {
        content: { parts: [{ text: "" }], role: "model" },
        finishReason: answer === whole ? "STOP" : "MAX_TOKENS",
        index: 0,
        ...(groundingMetadata ? { groundingMetadata } : {}),
      },
    ],
    usageMetadata: {
      promptTokenCount: Math.ceil(prompt.length / 4) + 3,
      candidatesTokenCount: Math.ceil(answer.length / 4),
      thoughtsTokenCount: thoughts.length * 2,
    },
    modelVersion: model,
  });
  ctx.res.end();
  ctx.seen.completed = true;
}
