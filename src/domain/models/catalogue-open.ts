// Models of Mistral and xAI, and open-weight models served by Groq and Fireworks.
import { DOCS, family, LONG, LONG_TEXT, VISION } from "./define.ts";
import type { ModelEntry } from "./types.ts";

const mistral = family("mistral", "Mistral", { inputs: LONG_TEXT });
const xai = family("xai", "xAI", { inputs: LONG });
const groq = family("groq", "Groq", { inputs: DOCS });
const fireworks = family("fireworks", "Fireworks", { inputs: LONG_TEXT });
const fw = (name: string) => `accounts/fireworks/models/${name}`;

// biome-ignore format: one model per two lines (options, then description) keeps ~80 entries readable
export const OPEN_MODELS: readonly ModelEntry[] = [
  mistral("mistral-large", "Mistral Large", { model: "mistral-large-latest" },
    "Mistral's flagship, fluent in European languages and good at structured writing."),
  mistral("mistral-medium", "Mistral Medium", { model: "mistral-medium-latest", inputs: LONG },
    "A strong, efficient Mistral model that also reads images and scanned documents."),
  mistral("mistral-small", "Mistral Small",
    { model: "mistral-small-latest", category: "light", inputs: LONG },
    "A small, fast Mistral with image understanding for everyday requests."),
  mistral("ministral-8b", "Ministral 8B", { model: "ministral-8b-latest", category: "light", inputs: DOCS },
    "A tiny Mistral model for instant answers to simple questions."),
  mistral("magistral-medium", "Magistral Medium", { model: "magistral-medium-latest", type: "reasoning" },
    "Mistral's reasoning model, showing a transparent chain of thought in your language."),
  mistral("codestral", "Codestral", { model: "codestral-latest" },
    "Mistral's coding model, fast at completing, explaining and fixing code in 80+ languages."),
  mistral("pixtral-large", "Pixtral Large", { model: "pixtral-large-latest", inputs: LONG },
    "Mistral's vision model for charts, diagrams, screenshots and photos."),
  mistral("voxtral-small", "Voxtral Small",
    { model: "voxtral-small-latest", inputs: ["text", "audio", "document"] },
    "Mistral's audio model: transcribes, summarises and answers questions about recordings."),

  xai("grok-4", "Grok 4", { model: "grok-4-0709", type: "reasoning" },
    "xAI's flagship, which always reasons before answering hard questions."),
  xai("grok-4-fast", "Grok 4 Fast", { model: "grok-4-fast-non-reasoning" },
    "A fast, low-cost Grok 4 that answers directly, with a very long context."),
  xai("grok-3-mini", "Grok 3 mini", { type: "reasoning", effort: "low", inputs: DOCS },
    "A small Grok that reasons quickly on logic and maths."),
  xai("grok-code-fast-1", "Grok Code Fast",
    { type: "reasoning", category: "text", inputs: DOCS, short: "Grok Code" },
    "A speedy xAI coding model that explains and writes code with visible reasoning."),
  xai("grok-3", "Grok 3", { inputs: DOCS, deprecated: true },
    "The previous Grok generation, replaced by Grok 4."),
  xai("grok-4-web", "Grok 4 Web", { model: "grok-4-0709", type: "reasoning", category: "web" },
    "Grok 4 searching the web and X posts for live news, with cited sources."),

  groq("llama-3.3-70b", "Llama 3.3 70B", { model: "llama-3.3-70b-versatile" },
    "Meta's open 70B model served at very high speed on Groq."),
  groq("llama-3.1-8b", "Llama 3.1 8B", { model: "llama-3.1-8b-instant", category: "light" },
    "A tiny Llama answering almost instantly on Groq, for simple tasks."),
  groq("llama-4-maverick", "Llama 4 Maverick",
    { model: "meta-llama/llama-4-maverick-17b-128e-instruct", inputs: VISION, short: "Maverick" },
    "Meta's multimodal mixture-of-experts Llama, fast on Groq and able to read images."),
  groq("gpt-oss-120b", "GPT-OSS 120B", { model: "openai/gpt-oss-120b", type: "reasoning", effort: "medium" },
    "OpenAI's open-weight reasoning model, running at hundreds of tokens per second on Groq."),
  groq("gpt-oss-20b", "GPT-OSS 20B",
    { model: "openai/gpt-oss-20b", type: "reasoning", category: "light", effort: "low" },
    "A small open-weight OpenAI model that reasons briefly and answers very fast on Groq."),
  groq("qwen3-32b", "Qwen3 32B", { model: "qwen/qwen3-32b", type: "reasoning" },
    "Alibaba's open Qwen3 with thinking mode, served fast on Groq."),
  groq("deepseek-r1-distill-llama-70b", "R1 Distill Llama 70B",
    { type: "reasoning", deprecated: true, short: "R1 Distill" },
    "A Llama distilled from DeepSeek R1, retired in favour of GPT-OSS and Qwen3."),
  groq("groq-compound-web", "Groq Compound Web",
    { model: "groq/compound", category: "web", short: "Compound Web" },
    "Groq's compound system that searches the web and runs code to answer with fresh facts."),

  fireworks("deepseek-v3.1", "DeepSeek V3.1", { model: fw("deepseek-v3p1") },
    "DeepSeek's large open model, strong at code and analysis at a low cost."),
  fireworks("deepseek-r1", "DeepSeek R1", { model: fw("deepseek-r1-0528"), type: "reasoning" },
    "DeepSeek's open reasoning model, showing its full chain of thought."),
  fireworks("kimi-k2", "Kimi K2", { model: fw("kimi-k2-instruct-0905") },
    "Moonshot's open trillion-parameter model, good at agentic coding and natural writing."),
  fireworks("kimi-k2-thinking", "Kimi K2 Thinking",
    { model: fw("kimi-k2-thinking"), type: "reasoning", short: "Kimi Think" },
    "Kimi K2 reasoning at length through research and coding problems."),
  fireworks("qwen3-235b", "Qwen3 235B", { model: fw("qwen3-235b-a22b-instruct-2507") },
    "Alibaba's largest open Qwen3, multilingual and strong at instruction following."),
  fireworks("qwen3-235b-thinking", "Qwen3 235B Thinking",
    { model: fw("qwen3-235b-a22b-thinking-2507"), type: "reasoning", short: "Qwen3 Think" },
    "Qwen3 235B reasoning step by step on maths, science and code."),
];
