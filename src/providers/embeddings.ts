// Text embeddings through OpenAI's embeddings API (the official SDK), in the 1,536 dimensions of the embedding table.
import { EMBEDDING_DIMENSIONS } from "../domain/documents/formats";
import { openAIClient } from "./openai-chat";
import type { ProviderConfig } from "./types";

export const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";

export class EmbeddingsUnavailable extends Error {
  override name = "EmbeddingsUnavailable";
}

/** One vector per text, in order; batches are the caller's business (the API takes up to 2,048 inputs). */
export async function embedTexts(
  config: ProviderConfig,
  texts: readonly string[],
  model = DEFAULT_EMBEDDING_MODEL,
): Promise<number[][]> {
  const endpoint = config.endpoints.openai;
  if (!endpoint.apiKey) throw new EmbeddingsUnavailable("no OPENAI_API_KEY for embeddings");
  if (texts.length === 0) return [];
  const client = openAIClient({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey });
  const answer = await client.embeddings.create({
    model,
    // Empty strings are refused by the API; a single space embeds as "nothing".
    input: texts.map((t) => t || " "),
    dimensions: EMBEDDING_DIMENSIONS,
  });
  const vectors = answer.data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
  if (vectors.length !== texts.length || vectors.some((v) => v.length !== EMBEDDING_DIMENSIONS)) {
    throw new Error(`embeddings answer has ${vectors.length} vectors of ${vectors[0]?.length} dimensions`);
  }
  return vectors;
}
