// Which earlier messages go to the model: the newest that fit its context window, never half a message.

/** A stored file sent with a message: the model request reads its bytes from `location`. */
export interface ContextAttachment {
  name: string;
  type: string;
  location: string;
  size: number;
}

export interface ContextMessage {
  role: "user" | "assistant";
  content: string;
  attachments?: ContextAttachment[];
}

/** Room kept for the answer itself. */
export const ANSWER_RESERVE_TOKENS = 4_096;
export const DEFAULT_CONTEXT_WINDOW = 32_000;

/** A cheap, conservative estimate (about 4 characters a token in English, fewer elsewhere): 1 token per 3 chars. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3) + 4;
}

/**
 * Keeps the newest messages whose estimated size fits, dropping the oldest first. The system prompt and the
 * latest message always go, even alone over budget: the provider then answers with its own limit error.
 */
export function trimContext<M extends ContextMessage>(
  messages: readonly M[],
  { contextWindow = DEFAULT_CONTEXT_WINDOW, system = "" }: { contextWindow?: number; system?: string } = {},
): M[] {
  if (messages.length === 0) return [];
  let budget = contextWindow - ANSWER_RESERVE_TOKENS - (system ? estimateTokens(system) : 0);
  const kept: M[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as M;
    const cost = estimateTokens(message.content);
    if (kept.length > 0 && cost > budget) break;
    kept.push(message);
    budget -= cost;
  }
  kept.reverse();
  // Providers want the conversation to open with the user: drop a leading answer left by the cut.
  while (kept.length > 1 && kept[0]?.role === "assistant") kept.shift();
  return kept;
}
