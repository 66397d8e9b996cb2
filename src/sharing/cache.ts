// The shared page at the edge: the Cache API holds each rendered page (one per kind of reader and language),
// browsers revalidate every view (ETag), and every change to what a share shows purges it.
import { LOCALES, type Locale } from "../domain/locales";
import type { Viewer } from "./page";

/** How long a data centre keeps a page without hearing of a change (purges reach only the local one). */
export const EDGE_TTL_SECONDS = 600;

/** Browsers keep nothing without asking (so a revoked link is gone at once); the edge keeps it for the TTL. */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, must-revalidate, s-maxage=${EDGE_TTL_SECONDS}`;

/** Who a rendered page is for: whether a session came with the request, and the reader's language. */
export interface Reader {
  viewer: Viewer;
  locale: Locale;
}

const READERS: readonly Reader[] = (["anonymous", "member"] as const).flatMap((viewer) =>
  LOCALES.map((locale) => ({ viewer, locale })),
);

/** The cache entry of one page: the page's own address, set apart by the kind of reader. */
export const sharedCacheKey = (origin: string, publicId: string, { viewer, locale }: Reader) =>
  new Request(`${origin}/shared/${publicId}?viewer=${viewer}&locale=${locale}`);

/** A cache of our own (same edge cache as caches.default, its own namespace). */
const pages = () => caches.open("shared-pages");

export const cachedSharedPage = async (origin: string, publicId: string, reader: Reader) =>
  (await pages()).match(sharedCacheKey(origin, publicId, reader));

export const storeSharedPage = async (origin: string, publicId: string, reader: Reader, page: Response) =>
  (await pages()).put(sharedCacheKey(origin, publicId, reader), page);

/** Forgets every cached copy of a share's page here, before the change that caused it is answered. */
export async function purgeSharedPage(
  requestUrl: string,
  publicId: string | null | undefined,
): Promise<void> {
  if (!publicId) return;
  const origin = new URL(requestUrl).origin;
  const cache = await pages();
  await Promise.all(READERS.map((reader) => cache.delete(sharedCacheKey(origin, publicId, reader))));
}

/** A strong validator for the page's bytes. */
export async function etagOf(html: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(html));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}
