// How each Claude API model takes thinking (manual budget or adaptive with effort), and what a request sends.
import type { ModelEntry, ReasoningEffort } from "./types.ts";

/** Effort levels of the Messages API's output_config.effort that we use or that a model defaults to. */
export type ClaudeEffort = "low" | "medium" | "high";

export interface ClaudeThinkingRule {
  /**
   * "budget": manual extended thinking (thinking.type "enabled" with budget_tokens), and no thinking unless
   * asked. "adaptive": thinking.type "adaptive", depth steered by output_config.effort; these models refuse a
   * manual budget with a 400.
   */
  style: "budget" | "adaptive";
  /**
   * Adaptive models only: what makes the model answer without thinking first. "between_tools" is Sonnet 5.5's
   * lowest setting (it refuses "disabled"); null when thinking is always on (Opus 5.5) or when we found no
   * documented way to switch it off (Haiku 5.5), so a plain entry of that model thinks at its default effort.
   */
  quiet: "between_tools" | null;
  /** The effort the API applies when a request names none (adaptive models). */
  defaultEffort?: ClaudeEffort;
  /** The most output tokens the model writes, thinking included. */
  maxOutputTokens: number;
}

// From Anthropic's model pages (platform.claude.com/docs/en/models/*/overview and whats-new-*): Sonnet 5.5
// accepts thinking "adaptive" or "between_tools", default effort high; Opus 5.5 always thinks, default effort
// medium; Haiku 5.5 is adaptive by default, default effort medium; all three write up to 128K tokens. The 4.5
// models take only a manual budget and write up to 64K. Keyed by the API model id (an entry's providerModel).
const RULES: Readonly<Record<string, ClaudeThinkingRule>> = {
  "claude-opus-5-5": { style: "adaptive", quiet: null, defaultEffort: "medium", maxOutputTokens: 128_000 },
  "claude-sonnet-5-5": {
    style: "adaptive",
    quiet: "between_tools",
    defaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  "claude-haiku-5-5": { style: "adaptive", quiet: null, defaultEffort: "medium", maxOutputTokens: 128_000 },
  "claude-opus-4-5-20251101": { style: "budget", quiet: null, maxOutputTokens: 64_000 },
  "claude-haiku-4-5-20251001": { style: "budget", quiet: null, maxOutputTokens: 64_000 },
};

/** An unlisted id is treated as an older model: manual budget, which is what every model before 4.6 takes. */
const FALLBACK: ClaudeThinkingRule = { style: "budget", quiet: null, maxOutputTokens: 64_000 };

export function claudeThinkingRule(providerModel: string): ClaudeThinkingRule {
  return RULES[providerModel] ?? FALLBACK;
}

/** Whether the rule table names this API model id (the catalogue test requires it of every Claude entry). */
export function hasClaudeThinkingRule(providerModel: string): boolean {
  return providerModel in RULES;
}

/** Manual thinking budgets per effort; Anthropic wants at least 1024 and less than max_tokens. */
export const THINKING_BUDGET: Readonly<Record<ReasoningEffort, number>> = { low: 2048, medium: 8192 };

/**
 * Room left in max_tokens for adaptive thinking, which counts toward it: the model decides how much to think,
 * so this is a ceiling sized to the effort rather than a budget it spends.
 */
export const ADAPTIVE_HEADROOM: Readonly<Record<ClaudeEffort, number>> = {
  low: 8192,
  medium: 16384,
  high: 32768,
};

/** Room for the short progress notes Sonnet 5.5 writes between tool calls (web searches) in between_tools. */
export const NOTES_HEADROOM = 2048;

/** The thinking part of a Messages API request, in wire terms. */
export type ClaudeThinkingRequest =
  | { mode: "none"; maxTokens: number }
  | { mode: "budget"; budgetTokens: number; maxTokens: number }
  | { mode: "adaptive"; effort?: ClaudeEffort; maxTokens: number }
  | { mode: "between_tools"; maxTokens: number };

/**
 * What to send for a model: reasoning entries think (a manual budget or adaptive at the entry's effort), other
 * entries answer straight away where the model allows it, else think adaptively at the model's own default.
 * max_tokens is the answer's tokens plus room for the thinking, capped at what the model can write.
 */
export function claudeThinkingRequest(
  model: Pick<ModelEntry, "providerModel" | "type" | "reasoningEffort">,
  answerTokens: number,
  effortOverride?: ReasoningEffort,
): ClaudeThinkingRequest {
  const rule = claudeThinkingRule(model.providerModel);
  const cap = (tokens: number) => Math.min(tokens, rule.maxOutputTokens);
  const reasons = model.type === "reasoning";
  const effort = effortOverride ?? model.reasoningEffort ?? "medium";
  if (rule.style === "budget") {
    if (!reasons) return { mode: "none", maxTokens: cap(answerTokens) };
    const budgetTokens = THINKING_BUDGET[effort];
    return { mode: "budget", budgetTokens, maxTokens: cap(budgetTokens + answerTokens) };
  }
  if (reasons) return { mode: "adaptive", effort, maxTokens: cap(ADAPTIVE_HEADROOM[effort] + answerTokens) };
  if (rule.quiet === "between_tools")
    return { mode: "between_tools", maxTokens: cap(NOTES_HEADROOM + answerTokens) };
  const headroom = ADAPTIVE_HEADROOM[rule.defaultEffort ?? "high"];
  return { mode: "adaptive", maxTokens: cap(headroom + answerTokens) };
}
