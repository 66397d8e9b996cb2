// /shared/{publicId}: the Worker's own HTML for a shared chat (not the SPA shell), from the edge cache when
// it can; and /shared/{publicId}/fork, the page's "Continue this chat" form.
import { type Context, Hono } from "hono";
import { readSessionCookie } from "../auth/cookies";
import { getSharedChat } from "../db/shares";
import { isPublicId, sharedPagePath } from "../domain/chat/sharing";
import { splitLocalePath } from "../domain/locale-routing";
import type { Locale } from "../domain/locales";
import type { AppEnv } from "../env";
import { requestLocale } from "../middleware/request-locale";
import {
  cachedSharedPage,
  etagOf,
  type Reader,
  SHARED_PAGE_CACHE_CONTROL,
  storeSharedPage,
} from "../sharing/cache";
import { forkInto } from "../sharing/fork";
import { katexStylesheet } from "../sharing/katex-styles";
import { renderGonePage, renderSharedPage, robotsOf, SHARED_PAGE_CSP } from "../sharing/page";
import { sharedChatDto } from "../sharing/snapshot";

const HTML = "text/html; charset=utf-8";

const gone = (locale: Locale, malformedPath?: string) =>
  new Response(renderGonePage(locale, malformedPath), {
    status: 404,
    headers: {
      "Content-Type": HTML,
      "Cache-Control": "no-store",
      "Content-Security-Policy": SHARED_PAGE_CSP,
      Vary: "Cookie, Accept-Language",
    },
  });

/**
 * The page's language: its address's prefix (/fr/shared/…, the app's own links under a language), else the
 * reader's (src/middleware/request-locale.ts). The same page in that language as at /shared/…: one cache.
 */
const pageLocale = (c: Context<AppEnv>): Locale => {
  const { prefix, locale } = splitLocalePath(new URL(c.req.url).pathname);
  return prefix ? locale : requestLocale(c);
};

/** A fresh 304 when the browser already holds these bytes. */
function answer(page: Response, ifNoneMatch: string | undefined, cache: "HIT" | "MISS"): Response {
  const etag = page.headers.get("ETag");
  const headers = new Headers(page.headers);
  headers.set("X-Share-Cache", cache);
  if (etag && ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  return new Response(page.body, { status: 200, headers });
}

export const sharedPageRoutes = new Hono<AppEnv>()
  .get("/:publicId", async (c) => {
    const publicId = c.req.param("publicId");
    const locale = pageLocale(c);
    if (!isPublicId(publicId)) return gone(locale, new URL(c.req.url).pathname);
    // Whether a session cookie came (not whether it is valid): no database read before the cache.
    const reader: Reader = { viewer: readSessionCookie(c) ? "member" : "anonymous", locale };
    const origin = new URL(c.req.url).origin;
    const ifNoneMatch = c.req.header("If-None-Match");
    const hit = await cachedSharedPage(origin, publicId, reader);
    if (hit) return answer(hit, ifNoneMatch, "HIT");
    const shared = await getSharedChat(c.var.db(), { publicId });
    if (!shared) return gone(locale);
    const dto = sharedChatDto(shared);
    const html = await renderSharedPage(dto, origin, reader.viewer, locale, () =>
      katexStylesheet(c.env.ASSETS, c.req.url),
    );
    const page = new Response(html, {
      headers: {
        "Content-Type": HTML,
        "Cache-Control": SHARED_PAGE_CACHE_CONTROL,
        "Content-Security-Policy": SHARED_PAGE_CSP,
        "X-Robots-Tag": robotsOf(dto),
        Vary: "Cookie, Accept-Language",
        ETag: await etagOf(html),
      },
    });
    c.executionCtx.waitUntil(storeSharedPage(origin, publicId, reader, page.clone()));
    return answer(page, ifNoneMatch, "MISS");
  })
  .post("/:publicId/fork", async (c) => {
    const publicId = c.req.param("publicId");
    if (!isPublicId(publicId)) return gone(pageLocale(c));
    const user = c.var.user;
    if (!user?.verified) {
      return c.redirect(`/login?redirect=${encodeURIComponent(sharedPagePath(publicId))}`, 303);
    }
    const chat = await forkInto(c.var.db(), c.env.FILES, { userId: user.id, source: { publicId } });
    if (!chat) return gone(pageLocale(c));
    return c.redirect(`/app/a/${chat.assistantId ?? "default"}/c/${chat.id}`, 303);
  })
  // Any other address under /shared/ (none, or more after the id) is a page not found, as a person reads it:
  // not the API's JSON 404.
  .get("*", (c) => gone(pageLocale(c), new URL(c.req.url).pathname));
