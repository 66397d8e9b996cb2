// The built-in `test` model: no network, deterministic answers at a configurable pace, obeys abort.
import { ERROR_CODES, type ErrorCode } from "./errors";
import { defineAdapter, sleep } from "./guard";
import { lastUserPrompt } from "./parts";
import { encodePng } from "./png";
import { streamPieces, testMarkdown, testPicture, testReasoning, testSources } from "./test-answer";
import type { Adapter, ProviderEvent, ProviderRequest } from "./types";

/** Markers a prompt can contain to script the test model (documented for tests and the README). */
export const TEST_PROMPT_MARKERS = [
  {
    marker: "[[error]]",
    effect: "streams half the answer, then ends with provider_unavailable (image_error for images)",
  },
  {
    marker: "[[error:CODE]]",
    effect: "same, with any catalogue code, e.g. [[error:fair_usage_limit]] (retryAfter 30)",
  },
  { marker: "[[slow]]", effect: "streams ten times slower than TEST_MODEL_DELAY_MS" },
  { marker: "[[hang]]", effect: "streams one piece, then nothing until the generation is stopped" },
  { marker: "[[long]]", effect: "answers twenty times the usual length" },
] as const;

interface Script {
  error?: ErrorCode;
  slow: boolean;
  hang: boolean;
  long: boolean;
}

function scriptOf(prompt: string, image: boolean): Script {
  const error = /\[\[error(?::([a-z_]+))?\]\]/.exec(prompt);
  const named = ERROR_CODES.find((code) => code === error?.[1]);
  const fallback: ErrorCode = image ? "image_error" : "provider_unavailable";
  return {
    ...(error ? { error: named ?? fallback } : {}),
    slow: prompt.includes("[[slow]]"),
    hang: prompt.includes("[[hang]]"),
    long: prompt.includes("[[long]]"),
  };
}

function errorEvent(code: ErrorCode): ProviderEvent {
  return {
    type: "error",
    code,
    provider: "test",
    ...(code === "fair_usage_limit" ? { retryAfter: 30 } : {}),
  };
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function inputTokens(req: ProviderRequest): number {
  return tokens((req.system ?? "") + req.messages.map((m) => m.content).join("\n"));
}

const testText = defineAdapter("text", async function* (req, config) {
  const { prompt, message } = lastUserPrompt(req);
  const script = scriptOf(prompt, false);
  const pause = () => sleep(config.testDelayMs * (script.slow ? 10 : 1), req.signal);

  if (req.model.type === "reasoning") {
    for (const delta of streamPieces(testReasoning(prompt))) {
      await pause();
      yield { type: "reasoning", delta };
    }
  }
  const web = req.model.category === "web";
  if (web) {
    yield { type: "search", status: "in_progress" };
    await pause();
    await pause();
    yield { type: "search", status: "completed", sources: testSources(prompt) };
  }
  const full = testMarkdown(prompt, message?.attachments ?? [], { web, long: script.long });
  // An output limit cuts the answer as a provider does (4 characters a token), and says so.
  const limit = req.options?.maxOutputTokens;
  const truncated = limit !== undefined && tokens(full) > limit;
  const text = truncated ? full.slice(0, limit * 4) : full;
  const pieces = streamPieces(text);
  const count = script.error ? Math.ceil(pieces.length / 2) : pieces.length;
  for (let i = 0; i < count; i++) {
    await pause();
    yield { type: "text", delta: pieces[i] ?? "" };
    if (script.hang) await untilAborted(req.signal);
  }
  if (script.error) {
    yield errorEvent(script.error);
    return;
  }
  if (truncated) yield { type: "truncated" };
  yield { type: "usage", inputTokens: inputTokens(req), outputTokens: tokens(text) };
});

const testImage = defineAdapter("image", async function* (req, config) {
  const { prompt } = lastUserPrompt(req);
  const script = scriptOf(prompt, true);
  const pause = () => sleep(config.testDelayMs * (script.slow ? 10 : 1) * 5, req.signal);
  await pause();
  if (script.hang) await untilAborted(req.signal);
  if (script.error) {
    yield errorEvent(script.error);
    return;
  }
  const size = 128;
  yield {
    type: "image",
    data: await encodePng(size, size, testPicture(prompt, size)),
    mimeType: "image/png",
  };
});

export const testAdapter: Adapter = (req, config) =>
  (req.model.type === "image" ? testImage : testText)(req, config);
