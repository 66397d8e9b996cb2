// How an answer's web sources are shown, one rule for the chat (message-parts.tsx) and the open chat's first frame.
import type { StreamSource } from "./stream-events.ts";

/** A page's site as a chip names it: its host name without "www.", or the address as given if it is none. */
export function sourceHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Where a chip may link: only to the web (a provider's `javascript:` or `data:` address links nowhere). */
export const sourceHref = (url: string): string | undefined => (/^https?:\/\//i.test(url) ? url : undefined);

/** Each page once, in the order the search first gave it. */
export const uniqueSources = <Source extends Pick<StreamSource, "url">>(
  sources: readonly Source[],
): Source[] => sources.filter((source, index) => sources.findIndex((s) => s.url === source.url) === index);
