// Text, reasoning, light and web-search models of OpenAI, Anthropic and Google.
import { family, LONG, MULTIMODAL } from "./define.ts";
import type { ModelEntry } from "./types.ts";

const openai = family("openai", "OpenAI", { inputs: LONG });
const anthropic = family("anthropic", "Anthropic", { inputs: LONG });
const google = family("google", "Google", { inputs: MULTIMODAL });

// biome-ignore format: one model per two lines (options, then description) keeps ~80 entries readable
export const FRONTIER_MODELS: readonly ModelEntry[] = [
  // OpenAI's GPT-6 lineup (developers.openai.com/api/docs/models/gpt-6.1-sol, gpt-6.1-terra, gpt-6-luna: text
  // and images in, reasoning.effort from low (Sol) or none (Terra, Luna) up, web_search on the Responses API).
  openai("gpt-6.1-sol", "GPT-6.1 Sol", { type: "reasoning", category: "text", effort: "low", short: "GPT-6.1 Sol" },
    "OpenAI's flagship for complex writing, analysis and code, thinking briefly before it answers."),
  openai("gpt-6.1-terra", "GPT-6.1 Terra", { type: "reasoning", effort: "medium", short: "GPT-6.1 Terra" },
    "A fast, balanced reasoning model that reads long documents and images closely."),
  openai("gpt-6-luna", "GPT-6 Luna", { type: "reasoning", category: "light", effort: "low" },
    "OpenAI's quickest and cheapest model, for rewrites, summaries and classification."),
  openai("gpt-6.1-terra-web", "GPT-6.1 Terra Web",
    { model: "gpt-6.1-terra", type: "reasoning", category: "web", effort: "low", short: "Terra Web" },
    "A quick web search summarised by GPT-6.1 Terra, with links to its sources."),
  // Older OpenAI keys stay, because chats, messages and assistants store the key. OpenAI shuts their API
  // models down on announced dates; from that day (UTC) src/domain/models/retirement.ts sends their
  // successor's id instead, so an old chat keeps answering. Until then they answer as themselves and stay
  // offered; models already shut down are deprecated, so the picker no longer offers them.
  openai("gpt-5", "GPT-5", { type: "reasoning", category: "text", effort: "low" },
    "OpenAI's previous flagship for writing, analysis and code; from 11 December 2026 answered by GPT-6.1 Sol."),
  openai("gpt-5.1", "GPT-5.1", { type: "reasoning", category: "text", effort: "low" },
    "The refreshed GPT-5, warmer in conversation; from 1 April 2027 answered by GPT-6.1 Sol."),
  openai("gpt-5-reasoning", "GPT-5 Thinking",
    { model: "gpt-5", type: "reasoning", effort: "medium", short: "GPT-5 Think" },
    "GPT-5 given time to reason step by step on hard problems; from 11 December 2026 answered by GPT-6.1 Sol."),
  openai("gpt-5-mini", "GPT-5 mini", { type: "reasoning", effort: "medium" },
    "A fast, affordable reasoning model that also reads long documents; the free default for reasoning. From 11 December 2026 answered by GPT-6.1 Terra."),
  openai("gpt-5-nano", "GPT-5 nano", { type: "reasoning", category: "light", effort: "low" },
    "The smallest GPT-5, for quick rewrites and summaries; from 11 December 2026 answered by GPT-6 Luna."),
  openai("gpt-4.1", "GPT-4.1", {},
    "A non-reasoning model strong at following precise instructions; from 14 January 2027 answered by GPT-6 Luna."),
  openai("gpt-4.1-mini", "GPT-4.1 mini", { category: "light" },
    "A smaller GPT-4.1 that answers fast and cheaply; from 14 January 2027 answered by GPT-6 Luna."),
  openai("gpt-4o", "GPT-4o", {},
    "OpenAI's versatile multimodal model, good at conversation; from 14 January 2027 answered by GPT-6 Luna."),
  openai("gpt-4o-mini", "GPT-4o mini", { category: "light", deprecated: true },
    "An older small model, superseded by GPT-6 Luna; from 14 January 2027 answered by GPT-6 Luna."),
  openai("o3", "o3", { type: "reasoning", effort: "medium" },
    "OpenAI's deliberate reasoning model for science and maths; from 11 December 2026 answered by GPT-6.1 Sol."),
  openai("o4-mini", "o4-mini", { type: "reasoning", effort: "medium", deprecated: true },
    "Shut down by OpenAI on 23 October 2026; now answered by GPT-6.1 Terra."),
  openai("o1", "o1", { type: "reasoning", effort: "medium", deprecated: true },
    "OpenAI's first reasoning model, shut down on 23 October 2026; now answered by GPT-6.1 Sol."),
  openai("gpt-5-web", "GPT-5 Web", { model: "gpt-5", type: "reasoning", category: "web", effort: "low" },
    "GPT-5 searching the web and citing its sources; from 11 December 2026 answered by GPT-6.1 Sol."),
  openai("gpt-5-mini-web", "GPT-5 mini Web",
    { model: "gpt-5-mini", type: "reasoning", category: "web", effort: "low", short: "GPT-5m Web" },
    "A quick web search summarised by GPT-5 mini with linked sources; from 11 December 2026 answered by GPT-6.1 Terra."),

  // Anthropic's current lineup (platform.claude.com/docs/en/about-claude/models/overview, 2026-11).
  anthropic("claude-opus-5-5", "Claude Opus 5.5", { short: "Opus 5.5" },
    "Anthropic's most capable model, always thinking first, for complex writing, agentic coding and deep analysis."),
  anthropic("claude-sonnet-5-5", "Claude Sonnet 5.5", { short: "Sonnet 5.5" },
    "A fast, balanced Claude that answers straight away, excellent at code, long documents and clear writing."),
  anthropic("claude-sonnet-5-5-reasoning", "Claude Sonnet 5.5 Thinking",
    { model: "claude-sonnet-5-5", type: "reasoning", effort: "medium", short: "Sonnet Think" },
    "Claude Sonnet 5.5 thinking as deeply as the problem needs, for questions that want a worked-out plan."),
  anthropic("claude-haiku-5-5", "Claude Haiku 5.5", { category: "light", short: "Haiku 5.5" },
    "Anthropic's fastest model, for quick everyday questions, summaries and rewrites."),
  // Older Claude entries keep their keys, because chats, messages and assistants store the key and a chat
  // whose key left the catalogue is dropped (SPEC §3). They are deprecated, so the picker no longer offers
  // them but an old chat still answers. Models Anthropic still serves answer as themselves; retired ones
  // (Opus 4.1, 3.7 Sonnet) and Sonnet 4.5, which retires on 2026-11-30, are answered by their successor
  // rather than failing, and their description says so.
  anthropic("claude-opus-4-5", "Claude Opus 4.5",
    { model: "claude-opus-4-5-20251101", short: "Opus 4.5", deprecated: true },
    "The previous Opus, replaced by Claude Opus 5.5."),
  anthropic("claude-haiku-4-5", "Claude Haiku 4.5",
    { model: "claude-haiku-4-5-20251001", category: "light", short: "Haiku 4.5", deprecated: true },
    "The previous Haiku, replaced by Claude Haiku 5.5."),
  anthropic("claude-sonnet-4-5", "Claude Sonnet 4.5",
    { model: "claude-sonnet-5-5", short: "Sonnet 4.5", deprecated: true },
    "Anthropic retires it on 30 November 2026; now answered by Claude Sonnet 5.5."),
  anthropic("claude-sonnet-4-5-reasoning", "Claude Sonnet 4.5 Thinking",
    { model: "claude-sonnet-5-5", type: "reasoning", effort: "medium", short: "Sonnet Think", deprecated: true },
    "Anthropic retires it on 30 November 2026; now answered by Claude Sonnet 5.5 Thinking."),
  anthropic("claude-opus-4-1", "Claude Opus 4.1",
    { model: "claude-opus-5-5", short: "Opus 4.1", deprecated: true },
    "Retired by Anthropic; now answered by Claude Opus 5.5."),
  anthropic("claude-3-7-sonnet", "Claude 3.7 Sonnet",
    { model: "claude-sonnet-5-5", short: "Sonnet 3.7", deprecated: true },
    "Retired by Anthropic; now answered by Claude Sonnet 5.5."),
  anthropic("claude-sonnet-5-5-web", "Claude Sonnet 5.5 Web",
    { model: "claude-sonnet-5-5", category: "web", short: "Sonnet Web" },
    "Claude Sonnet 5.5 searching the web and answering with cited sources."),
  anthropic("claude-sonnet-4-5-web", "Claude Sonnet 4.5 Web",
    { model: "claude-sonnet-5-5", category: "web", short: "Sonnet 4.5 Web", deprecated: true },
    "Anthropic retires it on 30 November 2026; now answered by Claude Sonnet 5.5 Web."),

  // Google shut gemini-3-pro-preview down on 2026-03-09 and gemini-2.0-flash on 2026-06-01, naming
  // gemini-3.1-pro-preview and gemini-2.5-flash instead (ai.google.dev/gemini-api/docs/deprecations and
  // changelog). The keys stay (chats store them) and call the replacements.
  google("gemini-3-pro", "Gemini 3.1 Pro",
    { model: "gemini-3.1-pro-preview", type: "reasoning", category: "text", effort: "low", short: "Gemini 3.1" },
    "Google's newest Pro model (Gemini 3.1 Pro, in preview), strong at multimodal understanding of text, images, audio and video."),
  google("gemini-2.5-pro", "Gemini 2.5 Pro", { type: "reasoning", effort: "medium", short: "Gemini Pro" },
    "Google's thinking model for hard problems across long documents, audio and video."),
  google("gemini-2.5-flash", "Gemini 2.5 Flash",
    { type: "reasoning", category: "text", effort: "low", short: "Gemini Flash" },
    "A fast Gemini that thinks briefly and understands images, audio and video."),
  google("gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", { category: "light", short: "Flash-Lite" },
    "Google's quickest and cheapest Gemini, for light everyday tasks."),
  google("gemini-2.0-flash", "Gemini 2.0 Flash",
    { model: "gemini-2.5-flash", short: "Gemini 2.0", deprecated: true },
    "An older Gemini generation, shut down by Google on 1 June 2026; now answered by Gemini 2.5 Flash."),
  google("gemini-2.5-flash-web", "Gemini 2.5 Flash Web",
    { model: "gemini-2.5-flash", type: "reasoning", category: "web", effort: "low", short: "Gemini Web" },
    "Gemini 2.5 Flash grounded in Google Search results, with links to its sources."),
];
