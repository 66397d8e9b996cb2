// Fake OpenAI embeddings: deterministic vectors that keep lexical similarity, so retrieval works offline.
import { type Ctx, sendJson } from "./common.ts";

const DIMENSIONS = 1536;
const STOPWORDS = new Set(
  "a an and are as at be by for from has have in is it its of on or that the this to was were will with what which who how why when where does do did".split(
    " ",
  ),
);

/** FNV-1a, 32 bits: a stable hash of a token. */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Word counts hashed into 1,536 signed buckets and normalised: shared words ⇒ high cosine similarity. */
export function lexicalVector(text: string, dimensions = DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const counts = new Map<string, number>();
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOPWORDS.has(raw) || raw.length < 2) continue;
    const word = raw.length > 4 && raw.endsWith("s") ? raw.slice(0, -1) : raw;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  for (const [word, count] of counts) {
    const hash = fnv(word);
    vector[hash % dimensions] =
      (vector[hash % dimensions] ?? 0) + (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(count));
  }
  const norm = Math.hypot(...vector) || 1;
  // An empty text still gets a unit vector (pgvector refuses zero vectors for cosine distance).
  if (counts.size === 0) vector[0] = 1;
  return vector.map((v) => (counts.size === 0 ? v : v / norm));
}

function base64Floats(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

export function embeddings(ctx: Ctx): void {
  const body = ctx.json ?? {};
  const input = body.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : null;
  if (!texts || texts.length === 0 || !texts.every((t) => typeof t === "string")) {
    sendJson(ctx, 400, {
      error: {
        message: "'input' must be a string or an array of strings",
        type: "invalid_request_error",
        param: "input",
        code: null,
      },
    });
    return;
  }
  const dimensions = typeof body.dimensions === "number" ? body.dimensions : DIMENSIONS;
  const base64 = body.encoding_format === "base64";
  let tokens = 0;
  const data = texts.map((text: string, index) => {
    tokens += Math.ceil(text.length / 4);
    const vector = lexicalVector(text, dimensions);
    return { object: "embedding", index, embedding: base64 ? base64Floats(vector) : vector };
  });
  sendJson(ctx, 200, {
    object: "list",
    data,
    model: String(body.model ?? "text-embedding-3-small"),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
  ctx.seen.completed = true;
}
