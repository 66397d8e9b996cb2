// Web-search-native models: Perplexity's Sonar family and Openperplex.
import { DOCS, family, TEXT } from "./define.ts";
import type { ModelEntry } from "./types.ts";

const perplexity = family("perplexity", "Perplexity", { category: "web", inputs: DOCS });
const openperplex = family("openperplex", "Openperplex", { category: "web", inputs: TEXT });

// biome-ignore format: one model per two lines (options, then description) keeps ~80 entries readable
export const SEARCH_MODELS: readonly ModelEntry[] = [
  perplexity("sonar", "Sonar", {},
    "Perplexity's fast answer engine: searches the web and replies with cited sources."),
  perplexity("sonar-pro", "Sonar Pro", {},
    "A deeper Perplexity search that reads more sources for complex questions."),
  perplexity("sonar-reasoning-pro", "Sonar Reasoning Pro", { type: "reasoning", short: "Sonar Reason" },
    "Perplexity search combined with step-by-step reasoning over what it finds."),
  perplexity("sonar-deep-research", "Sonar Deep Research",
    { type: "reasoning", effort: "medium", short: "Deep Research" },
    "An autonomous researcher that runs many searches and writes a sourced report; slow but thorough."),
  perplexity("sonar-reasoning", "Sonar Reasoning", { type: "reasoning", deprecated: true },
    "The first Sonar reasoning model, replaced by Sonar Reasoning Pro."),
  openperplex("openperplex-web", "Openperplex Web", { model: "gpt-4o-mini", short: "Openperplex" },
    "A low-cost web search that answers from live results with their links."),
];
