// The reasoning item of a fake Responses stream: summary parts streamed as OpenAI streams them, when asked.
import { type Ctx, sleep } from "./common.ts";
import { fakeReasoning, pieces } from "./fake-content.ts";

/** The key of an organisation OpenAI has not verified: asking it for reasoning summaries is a 400. */
export const UNVERIFIED_OPENAI_KEY = "fake-openai-key-unverified-org";

/** The summary's parts as OpenAI writes them: a bold heading, a blank line, a short paragraph. */
export function fakeSummaryParts(prompt: string): string[] {
  return [
    `**Reading the question**\n\n${fakeReasoning(prompt)}`,
    "**Planning the answer**\n\nI will give the main point first, then the details that support it.",
  ];
}

type Body = Record<string, unknown>;
type Send = (type: string, data: Record<string, unknown>) => void;

/**
 * The hidden reasoning's tokens at each effort. OpenAI counts them in `max_output_tokens` before the answer's
 * (the answer gets what is left; none left, the response ends incomplete with no text).
 */
const REASONING_TOKENS: Record<string, number> = { minimal: 0, low: 64, medium: 192, high: 512 };

export function reasoningTokens(body: Body): number {
  const reasoning = reasoningOf(body) as { effort?: unknown } | undefined;
  if (!reasoning) return 0;
  return REASONING_TOKENS[String(reasoning.effort ?? "medium")] ?? REASONING_TOKENS.medium ?? 0;
}

/** The reasoning field of a request, when it is one (effort, summary; generate_summary is the old name). */
function reasoningOf(body: Body): { summary?: unknown; generate_summary?: unknown } | undefined {
  const reasoning = body.reasoning;
  return reasoning && typeof reasoning === "object" ? reasoning : undefined;
}

export function asksForSummary(body: Body): boolean {
  const reasoning = reasoningOf(body);
  return Boolean(reasoning?.summary ?? reasoning?.generate_summary);
}

/** OpenAI's 400 for a summary asked by an unverified organisation; true when it answered so. */
export function refusedSummary(ctx: Ctx, body: Body, send400: (error: Body) => void): boolean {
  if (!asksForSummary(body) || ctx.req.headers.authorization !== `Bearer ${UNVERIFIED_OPENAI_KEY}`)
    return false;
  send400({
    message:
      "Your organization must be verified to generate reasoning summaries. Please go to: https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just verified, it can take up to 15 minutes for access to propagate.",
    type: "invalid_request_error",
    param: "reasoning.summary",
    code: "unsupported_value",
  });
  return true;
}

/**
 * Streams a reasoning model's reasoning item at `outputIndex`: always the item (its reasoning itself is
 * never shown), with summary parts only when the request asked for a summary. Returns the finished item.
 * A `slow` script paces these deltas too; the other scripted failures act on the answer's text.
 */
export async function streamReasoningItem(
  ctx: Ctx,
  send: Send,
  outputIndex: number,
  responseId: string,
  prompt: string,
): Promise<Body | undefined> {
  const body = ctx.json ?? {};
  if (!reasoningOf(body)) return undefined;
  const item = { id: `rs_${responseId}`, type: "reasoning", summary: [] as Body[] };
  send("response.output_item.added", { output_index: outputIndex, item });
  const parts = asksForSummary(body) ? fakeSummaryParts(prompt) : [];
  for (const [summaryIndex, text] of parts.entries()) {
    const where = { item_id: item.id, output_index: outputIndex, summary_index: summaryIndex };
    send("response.reasoning_summary_part.added", { ...where, part: { type: "summary_text", text: "" } });
    for (const delta of pieces(text)) {
      if (ctx.behaviour === "slow") await sleep(ctx.options.delayMs ?? 60);
      if (ctx.closed()) return undefined;
      send("response.reasoning_summary_text.delta", { ...where, delta, obfuscation: "x1" });
    }
    send("response.reasoning_summary_text.done", { ...where, text });
    send("response.reasoning_summary_part.done", { ...where, part: { type: "summary_text", text } });
  }
  const done = { ...item, summary: parts.map((text) => ({ type: "summary_text", text })) };
  send("response.output_item.done", { output_index: outputIndex, item: done });
  return done;
}
