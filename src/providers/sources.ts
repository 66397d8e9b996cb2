// Web-search sources from the shapes OpenAI-compatible providers send: Perplexity/xAI citations, search_results.
import type { SearchSource } from "./types";

/** Sources in one streamed chunk, in the order the provider lists them. */
export function sourcesFromChunk(chunk: unknown): SearchSource[] {
  const c = (chunk ?? {}) as { citations?: unknown; search_results?: unknown };
  const found: SearchSource[] = [];
  if (Array.isArray(c.search_results)) {
    for (const r of c.search_results as Array<{ url?: unknown; title?: unknown }>) {
      if (typeof r?.url === "string") found.push(source(r.url, r.title));
    }
  }
  if (Array.isArray(c.citations)) {
    for (const url of c.citations) {
      if (typeof url === "string") found.push({ url });
      else if (url && typeof (url as { url?: unknown }).url === "string")
        found.push(source((url as { url: string }).url, undefined));
    }
  }
  return found;
}

function source(url: string, title: unknown): SearchSource {
  return typeof title === "string" && title ? { url, title } : { url };
}

/** Sources seen so far, one per URL, keeping the first title any chunk gave. */
export class SourceList {
  #byUrl = new Map<string, SearchSource>();

  /** Adds sources; true when the list got a new URL or a missing title. */
  add(sources: readonly SearchSource[]): boolean {
    let grew = false;
    for (const s of sources) {
      if (!/^https?:\/\//i.test(s.url)) continue;
      const known = this.#byUrl.get(s.url);
      if (!known) {
        this.#byUrl.set(s.url, { ...s });
        grew = true;
      } else if (!known.title && s.title) {
        known.title = s.title;
        grew = true;
      }
    }
    return grew;
  }

  list(): SearchSource[] {
    return [...this.#byUrl.values()].map((s) => ({ ...s }));
  }
}
